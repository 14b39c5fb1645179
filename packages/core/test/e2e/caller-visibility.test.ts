import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import {
  createApp,
  InvalidConfigurationError,
  InvalidDecoratorUseError,
  Prompt,
  Provider,
  Resource,
  silentLogger,
  Tool,
  type AppModule,
  type TesseraApp,
  type VisibilityContext,
} from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { rawRequestInit } from '@tessera/testing';
import { envelopeOf } from './support/provision-call';

// Two callers with different scopes see different lists, on every HTTP path, and a hidden handler answers
// exactly as an unknown one.

const HOUR = 3600;
const PEOPLE: Record<string, { subject: string; scopes: string[] }> = {
  'alice-token': { subject: 'alice', scopes: ['mcp', 'files:write', 'admin', 'prompts:read', 'notes:read'] },
  'bob-token': { subject: 'bob', scopes: ['mcp'] },
};
const verifier: OAuthTokenVerifier = {
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const who = PEOPLE[token];
    if (!who) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
    return {
      token,
      clientId: 'desk',
      scopes: who.scopes,
      expiresAt: Math.floor(Date.now() / 1000) + HOUR,
      extra: { subject: who.subject, issuer: 'https://id.example' },
    };
  },
};

const seenBy: string[] = [];
const aliceOnly = (ctx: VisibilityContext) => {
  seenBy.push(`${ctx.handler.name}:${ctx.principal?.subject}`);
  return ctx.principal?.subject === 'alice';
};

@Provider()
class Desk {
  @Tool()
  open(): string {
    return 'open';
  }

  @Tool({ scopes: ['files:write'] })
  save(): string {
    return 'saved';
  }

  @Tool({ visible: aliceOnly })
  secret(): string {
    return 'the secret';
  }

  @Tool({
    visible: () => {
      throw new Error('directory down');
    },
  })
  flaky(): string {
    return 'flaky';
  }

  @Prompt({ scopes: ['prompts:read'] })
  briefing(): string {
    return 'brief';
  }

  @Prompt()
  hello(): string {
    return 'hello';
  }

  @Resource('notes://{id}', { scopes: ['notes:read'] })
  note(): string {
    return 'a note';
  }

  @Resource('docs://{page}')
  page(): string {
    return 'a page';
  }

  @Resource('docs://readme', { visible: aliceOnly })
  readme(): string {
    return 'read me';
  }

  @Resource('docs://public')
  publicDoc(): string {
    return 'public';
  }
}

@Provider({ scopes: ['admin'] })
class Admin {
  @Tool()
  purge(): string {
    return 'purged';
  }
}

const MODULE: AppModule = { name: 'desk', version: '1', providers: [Desk, Admin], logger: silentLogger };

type Post = (token: string, method: string, params: Record<string, unknown>) => Promise<Response>;

function requestOf(url: string, token: string, method: string, params: Record<string, unknown>): Request {
  const init = rawRequestInit(
    method,
    { ...params, _meta: envelopeOf('t') },
    { headers: { authorization: `Bearer ${token}` } },
  );
  return new Request(url, init);
}

async function body(response: Promise<Response>): Promise<{ result?: any; error?: any }> {
  const answer = await response;
  expect(answer.status).toBe(200);
  return (await answer.json()) as { result?: any; error?: any };
}

const faces: Array<[string, (app: TesseraApp) => Promise<{ post: Post; close: () => Promise<void> }>]> = [
  [
    'the fetch face',
    async (app) => ({
      post: async (...a) => app.fetch(requestOf('http://127.0.0.1/mcp', ...a)),
      close: async () => {},
    }),
  ],
  ['listen (fast lane)', async (app) => listened(await listen(app, { port: 0 }))],
  ['listen ({ fastPath: false })', async (app) => listened(await listen(app, { port: 0, fastPath: false }))],
];

function listened(listener: HttpListener) {
  return { post: ((...a) => fetch(requestOf(String(listener.url), ...a))) as Post, close: () => listener.close() };
}

describe.each(faces)('visibility per caller over %s', (_face, open) => {
  let app: TesseraApp;
  let post: Post;
  let close: () => Promise<void>;

  beforeAll(async () => {
    app = createApp({ ...MODULE, pageSize: 2 }, { auth: { verifier } });
    ({ post, close } = await open(app));
  });
  afterAll(async () => {
    await close();
    await app.close();
  });

  async function all(token: string, method: string, key: string): Promise<string[]> {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const { result } = await body(post(token, method, cursor ? { cursor } : {}));
      for (const entry of result[key]) names.push(entry.name ?? entry.uri);
      cursor = result.nextCursor;
    } while (cursor);
    return names;
  }

  test('two callers with different scopes see different lists, page by page', async () => {
    expect(await all('alice-token', 'tools/list', 'tools')).toEqual(['open', 'save', 'secret', 'purge']);
    expect(await all('bob-token', 'tools/list', 'tools')).toEqual(['open']);
    expect(await all('alice-token', 'prompts/list', 'prompts')).toEqual(['briefing', 'hello']);
    expect(await all('bob-token', 'prompts/list', 'prompts')).toEqual(['hello']);
    expect(await all('alice-token', 'resources/list', 'resources')).toEqual(['readme', 'publicDoc']);
    expect(await all('bob-token', 'resources/list', 'resources')).toEqual(['publicDoc']);
    expect(await all('alice-token', 'resources/templates/list', 'resourceTemplates')).toEqual(['note', 'page']);
    expect(await all('bob-token', 'resources/templates/list', 'resourceTemplates')).toEqual(['page']);
  });

  test("a cursor is a page of its caller's own list: past the end of another's is refused", async () => {
    const first = await body(post('alice-token', 'tools/list', {}));
    expect(first.result.nextCursor).toEqual(expect.any(String));
    const asBob = await body(post('bob-token', 'tools/list', { cursor: first.result.nextCursor }));
    expect(asBob.error).toMatchObject({ code: -32602, message: expect.stringContaining('Invalid cursor') });
  });

  test('a hidden tool answers exactly as an unknown one (scopes, a predicate, a predicate that throws)', async () => {
    const unknown = await body(post('bob-token', 'tools/call', { name: 'nowhere', arguments: {} }));
    for (const name of ['save', 'secret', 'purge', 'flaky']) {
      const hidden = await body(post('bob-token', 'tools/call', { name, arguments: {} }));
      expect(hidden).toEqual({ ...unknown, error: { ...unknown.error, message: `Unknown tool: ${name}` } });
    }
    expect(unknown.error).toEqual({ code: -32602, message: 'Unknown tool: nowhere' });
    const saved = await body(post('alice-token', 'tools/call', { name: 'save', arguments: {} }));
    expect(saved.result.content).toEqual([{ type: 'text', text: 'saved' }]);
    const secret = await body(post('alice-token', 'tools/call', { name: 'secret', arguments: {} }));
    expect(secret.result.content).toEqual([{ type: 'text', text: 'the secret' }]);
  });

  test('a hidden prompt or resource answers as an unknown one; a hidden static resource falls to the templates', async () => {
    const prompt = await body(post('bob-token', 'prompts/get', { name: 'briefing' }));
    const noPrompt = await body(post('bob-token', 'prompts/get', { name: 'nowhere' }));
    expect(prompt.error).toEqual({ ...noPrompt.error, message: 'Unknown prompt: briefing' });
    const note = await body(post('bob-token', 'resources/read', { uri: 'notes://7' }));
    const noNote = await body(post('bob-token', 'resources/read', { uri: 'nowhere://7' }));
    expect(note.error).toEqual({
      ...noNote.error,
      message: 'Resource not found: notes://7',
      data: { uri: 'notes://7' },
    });
    // docs://readme is hidden from bob, so docs://{page} serves it, as if readme did not exist
    const readme = await body(post('bob-token', 'resources/read', { uri: 'docs://readme' }));
    expect(readme.result.contents[0].text).toBe('a page');
    const asAlice = await body(post('alice-token', 'resources/read', { uri: 'docs://readme' }));
    expect(asAlice.result.contents[0].text).toBe('read me');
  });

  test('visible() sees the caller and the handler', async () => {
    seenBy.length = 0;
    await body(post('bob-token', 'tools/call', { name: 'secret', arguments: {} }));
    expect(seenBy).toEqual(['secret:bob']);
  });
});

describe('visibility settings', () => {
  test("visibility: { scopes: 'challenge' } lists every handler and answers 403 insufficient_scope", async () => {
    const app = createApp({ ...MODULE, visibility: { scopes: 'challenge' } }, { auth: { verifier } });
    const listed = await body(app.fetch(requestOf('http://127.0.0.1/mcp', 'bob-token', 'tools/list', {})));
    expect(listed.result.tools.map((t: { name: string }) => t.name)).toEqual(['open', 'save', 'purge']);
    const save = await app.fetch(
      requestOf('http://127.0.0.1/mcp', 'bob-token', 'tools/call', { name: 'save', arguments: {} }),
    );
    expect(save.status).toBe(403);
    expect(save.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    await app.close();
  });

  test('without a verified token, scopes hide nothing (stdio, or HTTP without auth)', async () => {
    const app = createApp(MODULE);
    const request = new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelopeOf('t') } }),
    });
    const listed = await body(app.fetch(request));
    expect(listed.result.tools.map((t: { name: string }) => t.name)).toEqual(['open', 'save', 'purge']);
    await app.close();
  });

  test('bad settings are refused at createApp, naming the field', () => {
    expect(() => createApp({ ...MODULE, visibility: { scope: 'hide' } as never })).toThrow(/visibility.*"scope"/);
    expect(() => createApp({ ...MODULE, visibility: { scopes: 'sometimes' as never } })).toThrow(
      InvalidConfigurationError,
    );
    expect(() => createApp({ ...MODULE, visibility: { scopes: 'sometimes' as never } })).toThrow(/visibility\.scopes/);
    expect(() => createApp({ ...MODULE, cacheHints: { 'tools/list': { ttlMs: 1000, cacheScope: 'public' } } })).toThrow(
      /cacheHints\["tools\/list"\] is public/,
    );
  });

  test('visible must be a function, refused naming the method', () => {
    @Provider()
    class Odd {
      @Tool({ visible: true as never })
      odd(): string {
        return 'odd';
      }
    }
    expect(() => createApp({ name: 'odd', version: '1', providers: [Odd], logger: silentLogger })).toThrow(
      /Odd\.odd.*visible must be a function/,
    );
    expect(() => {
      @Provider()
      class Misspelt {
        @Tool({ visibel: () => true } as never)
        m(): string {
          return 'm';
        }
      }
      return Misspelt;
    }).toThrow(InvalidDecoratorUseError);
  });
});
