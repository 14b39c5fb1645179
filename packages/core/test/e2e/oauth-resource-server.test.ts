import { inputRequired } from '@modelcontextprotocol/server';
import {
  createApp,
  Ctx,
  ExecutionContext,
  InvalidConfigurationError,
  Principal,
  Prompt,
  Provider,
  Resource,
  silentLogger,
  Tool,
  type PrincipalInfo,
  type TesseraApp,
} from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { loadFeature } from '../../src/loading/load-feature';
import { rawRequestInit } from '@tessera/testing';
import { TokenIssuer } from './support/token-issuer';
import { withDateAhead } from '../support/date-ahead';

const { UnsecuredJWT } = loadFeature('jose');

const AUDIENCE = 'http://127.0.0.1/mcp';

@Provider()
class Desk {
  @Tool()
  me(@Principal() principal: PrincipalInfo | undefined): unknown {
    return {
      subject: principal?.subject,
      issuer: principal?.issuer,
      clientId: principal?.clientId,
      scopes: principal?.scopes,
    };
  }

  @Tool({ scopes: ['files:write'] })
  save(): string {
    return 'saved';
  }

  @Tool({ returnsInputRequired: true })
  confirm(@Ctx() ctx: ExecutionContext): unknown {
    if (ctx.requestState === 'asked') return `confirmed for ${ctx.principal?.subject}`;
    return inputRequired({
      inputRequests: {
        ok: inputRequired.elicit({ message: 'Confirm?', requestedSchema: { type: 'object', properties: {} } }),
      },
      requestState: 'asked',
    });
  }

  @Prompt({ scopes: ['prompts:read'] })
  briefing(): string {
    return 'brief';
  }

  @Resource('notes://{id}', { scopes: ['notes:read'] })
  note(): string {
    return 'a note';
  }
}

@Provider({ scopes: ['admin'] })
class Admin {
  @Tool()
  purge(): string {
    return 'purged';
  }

  @Tool({ scopes: ['admin:danger'] })
  wipe(): string {
    return 'wiped';
  }
}

function call(app: TesseraApp, token: string | undefined, method: string, params: Record<string, unknown>) {
  const init = rawRequestInit(method, params, {
    capabilities: { elicitation: { form: {} } },
    ...(token !== undefined && { headers: { authorization: `Bearer ${token}` } }),
  });
  return app.fetch(new Request('http://127.0.0.1/mcp', init));
}

const tool = (app: TesseraApp, token: string | undefined, name: string, extra: Record<string, unknown> = {}) =>
  call(app, token, 'tools/call', { name, arguments: {}, ...extra });

describe('auth: { issuer, audience }: a resource server built in', () => {
  let issuer: TokenIssuer;
  let app: TesseraApp;

  beforeAll(async () => {
    issuer = await TokenIssuer.start();
    app = createApp(
      // step-up: handlers a token lacks scopes for are listed and challenged (the default hides them)
      {
        name: 'desk',
        version: '1.0.0',
        providers: [Desk, Admin],
        logger: silentLogger,
        visibility: { scopes: 'challenge' },
      },
      { auth: { issuer: issuer.issuer, audience: AUDIENCE, requiredScopes: ['mcp'], jwks: { cooldownMs: 1000 } } },
    );
  });

  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  const challengeOf = (response: Response) => response.headers.get('www-authenticate') ?? '';
  const METADATA = `resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"`;

  async function refused(token: string, description: string) {
    const response = await tool(app, token, 'me');
    expect(response.status).toBe(401);
    expect(challengeOf(response)).toContain('error="invalid_token"');
    expect(challengeOf(response)).toContain(METADATA);
    expect(await response.json()).toMatchObject({ error: 'invalid_token', error_description: description });
  }

  test('a token from the issuer reaches the handler as its principal (discovered metadata, JWKS fetched once)', async () => {
    const response = await tool(app, await issuer.sign({ scope: 'mcp files:read' }), 'me');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { content: { text: string }[] } };
    expect(JSON.parse(body.result.content[0].text)).toEqual({
      subject: 'alice',
      issuer: issuer.issuer,
      clientId: 'desk-app',
      scopes: ['mcp', 'files:read'],
    });
    await tool(app, await issuer.sign(), 'me');
    expect(issuer.metadataFetches).toBe(1);
    expect(issuer.jwksFetches).toBe(1);
  });

  test('no token: 401 whose challenge names the metadata document', async () => {
    const response = await tool(app, undefined, 'me');
    expect(response.status).toBe(401);
    expect(challengeOf(response)).toMatch(/^Bearer error="invalid_token"/);
    expect(challengeOf(response)).toContain(METADATA);
  });

  test('expired (past the 30 s tolerance), not yet valid, other audience, other issuer: 401 each, saying which', async () => {
    const now = Math.floor(Date.now() / 1000);
    await refused(await issuer.sign({ exp: now - 60 }), 'Token has expired');
    await refused(await issuer.sign({ nbf: now + 120 }), 'Token is not valid yet');
    await refused(await issuer.sign({ aud: 'https://other.example/mcp' }), 'Token was not issued for this resource');
    await refused(await issuer.sign({ iss: 'https://other-issuer.example' }), 'Token was issued by another issuer');
  });

  test('a token expired by less than the clock tolerance still passes', async () => {
    const response = await tool(app, await issuer.sign({ exp: Math.floor(Date.now() / 1000) - 5 }), 'me');
    expect(response.status).toBe(200);
  });

  test('alg none, a tampered signature, a key the issuer does not publish, an HMAC token: 401', async () => {
    const unsigned = new UnsecuredJWT({ iss: issuer.issuer, aud: AUDIENCE, sub: 'alice', client_id: 'c', scope: 'mcp' })
      .setExpirationTime('5m')
      .encode();
    await refused(unsigned, 'Token signing algorithm is not allowed');
    const good = await issuer.sign();
    const [header, payload, signature] = good.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'mallory' }),
    );
    await refused(`${header}.${forged.toString('base64url')}.${signature}`, 'Token signature is invalid');
    const flipped = signature[5] === 'A' ? 'B' : 'A';
    await refused(
      `${header}.${payload}.${signature.slice(0, 5)}${flipped}${signature.slice(6)}`,
      'Token signature is invalid',
    );
    await refused(
      await issuer.sign({}, { key: await TokenIssuer.foreignKey() }),
      "Token was signed with a key the issuer doesn't publish",
    );
    await refused('not-a-jwt', 'Token is malformed');
  });

  test('a token without client_id or exp is refused', async () => {
    await refused(await issuer.sign({ client_id: undefined }), 'Token names no client (client_id)');
  });

  test('a rotated key: a new kid fetches the JWKS again; a rotated-away key is refused; unknown kids are rate-limited', async () => {
    const before = issuer.jwksFetches;
    const oldToken = await issuer.sign();
    await withDateAhead(1100, async () => {
      // past the 1 s cooldown of this app, and the clock stands still: every forged kid below is within the next one
      await issuer.rotate(true);
      expect((await tool(app, await issuer.sign(), 'me')).status).toBe(200);
      expect(issuer.jwksFetches).toBe(before + 1);
      await refused(oldToken, "Token was signed with a key the issuer doesn't publish");
      for (let i = 0; i < 5; i++)
        await refused(
          await issuer.sign({}, { kid: `made-up-${i}` }),
          "Token was signed with a key the issuer doesn't publish",
        );
      expect(issuer.jwksFetches).toBe(before + 1); // within the cooldown: no fetch per forged kid
    });
  });

  test('app-wide requiredScopes: a token without them is 403 insufficient_scope', async () => {
    const response = await tool(app, await issuer.sign({ scope: 'files:read' }), 'me');
    expect(response.status).toBe(403);
    expect(challengeOf(response)).toContain('error="insufficient_scope"');
    expect(challengeOf(response)).toContain('scope="mcp"');
  });

  test('per-tool scopes: 403 naming the scopes to ask for, before the handler runs; with them, it runs', async () => {
    const response = await tool(app, await issuer.sign({ scope: 'mcp' }), 'save');
    expect(response.status).toBe(403);
    expect(challengeOf(response)).toContain('error="insufficient_scope"');
    expect(challengeOf(response)).toContain('scope="mcp files:write"');
    expect(challengeOf(response)).toContain(METADATA);
    expect(await response.json()).toMatchObject({ error_description: 'tools/call "save" needs scope files:write' });
    expect((await tool(app, await issuer.sign({ scope: 'mcp files:write' }), 'save')).status).toBe(200);
  });

  test('class-level scopes add to method scopes; prompts and resources are checked too', async () => {
    const token = await issuer.sign({ scope: 'mcp admin' });
    expect((await tool(app, token, 'purge')).status).toBe(200);
    const wipe = await tool(app, token, 'wipe');
    expect(wipe.status).toBe(403);
    expect(challengeOf(wipe)).toContain('scope="mcp admin admin:danger"');
    expect((await tool(app, await issuer.sign({ scope: 'mcp' }), 'purge')).status).toBe(403);
    const prompt = await call(app, token, 'prompts/get', { name: 'briefing' });
    expect(prompt.status).toBe(403);
    expect(challengeOf(prompt)).toContain('scope="mcp prompts:read"');
    const note = await call(app, token, 'resources/read', { uri: 'notes://7' });
    expect(note.status).toBe(403);
    expect(challengeOf(note)).toContain('scope="mcp notes:read"');
    expect(
      (await call(app, await issuer.sign({ scope: 'mcp notes:read' }), 'resources/read', { uri: 'notes://7' })).status,
    ).toBe(200);
  });

  test("visibility 'challenge': tools/list shows every tool, whatever the token may call", async () => {
    const response = await call(app, await issuer.sign({ scope: 'mcp' }), 'tools/list', {});
    const body = (await response.json()) as { result: { tools: { name: string }[] } };
    expect(body.result.tools.map((t) => t.name).sort()).toEqual(['confirm', 'me', 'purge', 'save', 'wipe']);
  });

  test('a requestState issued to one subject is refused for another', async () => {
    const alice = await issuer.sign({ sub: 'alice' });
    const first = (await (await tool(app, alice, 'confirm')).json()) as { result: { requestState: string } };
    const retry = {
      inputResponses: { ok: { action: 'accept', content: {} } },
      requestState: first.result.requestState,
    };
    const asBob = (await (await tool(app, await issuer.sign({ sub: 'bob' }), 'confirm', retry)).json()) as {
      error: unknown;
    };
    expect(asBob.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    const asAlice = (await (await tool(app, alice, 'confirm', retry)).json()) as { result: unknown };
    expect(asAlice.result).toMatchObject({ content: [{ text: 'confirmed for alice' }] });
  });
});

describe('the Protected Resource Metadata document (RFC 9728)', () => {
  let issuer: TokenIssuer;
  let app: TesseraApp;
  let listener: HttpListener;

  beforeAll(async () => {
    issuer = await TokenIssuer.start();
    app = createApp(
      { name: 'desk', version: '1.0.0', providers: [Desk, Admin], logger: silentLogger },
      { auth: { issuer: issuer.issuer, audience: AUDIENCE, requiredScopes: ['mcp'], resourceName: 'Desk' } },
    );
    listener = await listen(app, { port: 0 });
  });

  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  test('served without a token at the well-known path for the endpoint and at the bare one', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await fetch(new URL(path, listener.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({
        resource: AUDIENCE,
        authorization_servers: [issuer.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['mcp', 'files:write', 'admin', 'admin:danger', 'prompts:read', 'notes:read'],
        resource_name: 'Desk',
      });
    }
    expect((await fetch(new URL('/.well-known/other', listener.url))).status).toBe(404);
    expect(
      (await fetch(new URL('/.well-known/oauth-protected-resource/mcp', listener.url), { method: 'POST' })).status,
    ).toBe(405);
  });

  test('a 401 over the listener names it', async () => {
    const response = await fetch(listener.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(METADATA_URL);
  });
});

const METADATA_URL = 'resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"';

describe('opaque tokens through introspection (RFC 7662)', () => {
  let issuer: TokenIssuer;
  let app: TesseraApp;

  beforeAll(async () => {
    issuer = await TokenIssuer.start();
    app = createApp(
      { name: 'desk', version: '1.0.0', providers: [Desk], logger: silentLogger },
      {
        auth: {
          issuer: issuer.issuer,
          audience: AUDIENCE,
          introspection: { clientId: 'resource', clientSecret: 'secret' },
        },
      },
    );
  });

  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  const exp = () => Math.floor(Date.now() / 1000) + 300;

  test('an active token for this resource passes with its subject; inactive, other audience or issuer: 401', async () => {
    issuer.opaque.set('good', {
      active: true,
      sub: 'carol',
      client_id: 'cli',
      scope: 'mcp',
      aud: AUDIENCE,
      exp: exp(),
    });
    issuer.opaque.set('elsewhere', {
      active: true,
      sub: 'carol',
      client_id: 'cli',
      aud: 'https://other/mcp',
      exp: exp(),
    });
    issuer.opaque.set('foreign', {
      active: true,
      sub: 'carol',
      client_id: 'cli',
      aud: AUDIENCE,
      iss: 'https://x',
      exp: exp(),
    });
    const ok = await tool(app, 'good', 'me');
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { result: { content: { text: string }[] } };
    expect(JSON.parse(body.result.content[0].text)).toMatchObject({
      subject: 'carol',
      issuer: issuer.issuer,
      clientId: 'cli',
    });
    for (const [token, why] of [
      ['revoked', 'Token is not active'],
      ['elsewhere', 'Token was not issued for this resource'],
      ['foreign', 'Token was issued by another issuer'],
    ]) {
      const response = await tool(app, token, 'me');
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error_description: why });
    }
  });

  test('JWTs still go through the JWKS', async () => {
    expect((await tool(app, await issuer.sign(), 'me')).status).toBe(200);
  });
});

describe('auth configuration and an unreachable issuer', () => {
  const module = { name: 'desk', version: '1.0.0', providers: [Desk], logger: silentLogger };

  test('bad options are refused at createApp, naming the field', () => {
    expect(() => createApp(module, { auth: { issuer: 'not a url', audience: AUDIENCE } })).toThrow(
      /auth: issuer must be/,
    );
    expect(() => createApp(module, { auth: { issuer: 'http://id.example', audience: AUDIENCE } })).toThrow(
      /must be https/,
    );
    expect(() => createApp(module, { auth: { issuer: 'https://id.example', audience: 'mcp' } })).toThrow(
      /audience must be/,
    );
    expect(() =>
      createApp(module, { auth: { issuer: 'https://id.example', audience: AUDIENCE, algorithms: ['HS256'] } }),
    ).toThrow(InvalidConfigurationError);
    expect(() =>
      createApp(module, { auth: { issuer: 'https://id.example', audience: AUDIENCE, requiredScopes: ['a b'] } }),
    ).toThrow(/requiredScopes/);
  });

  test('a scope that is not a scope token is refused at createApp, naming the method', () => {
    @Provider()
    class Bad {
      @Tool({ scopes: ['read "all"'] })
      t(): string {
        return '';
      }
    }
    expect(() => createApp({ ...module, providers: [Bad] })).toThrow(
      /Bad\.t: scope "read \\"all\\"" is not an OAuth scope token/,
    );
  });

  test('issuer metadata that cannot be fetched answers 500 server_error, not 401', async () => {
    const down = createApp(module, { auth: { issuer: 'http://127.0.0.1:9', audience: AUDIENCE, timeoutMs: 500 } });
    const response = await tool(down, 'a.b.c', 'me');
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: 'server_error' });
  });
});
