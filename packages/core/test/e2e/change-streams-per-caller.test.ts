import {
  InMemoryServerEventBus,
  OAuthError,
  OAuthErrorCode,
  type AuthInfo,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { createApp, Provider, Resource, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { MAX_CHANGE_STREAMS_PER_CALLER } from '../../src/server/caller-change-streams';
import { listen, type HttpListener } from '@tessera/core/node';
import { envelopeOf } from './support/provision-call';

// Change notifications on subscriptions/listen streams, per caller: a list_changed reaches a caller only when
// its own list changed, and a resource update only a caller that can read the resource; a subscription to a
// hidden resource is acknowledged as one to a resource nobody serves. Both of listen's HTTP paths.

const PEOPLE: Record<string, string[]> = {
  'alice-token': ['mcp', 'admin', 'notes:read'],
  'bob-token': ['mcp'],
};
const verifier: OAuthTokenVerifier = {
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const scopes = PEOPLE[token];
    if (!scopes) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    return { token, clientId: 'desk', scopes, expiresAt, extra: { subject: token.replace('-token', '') } };
  },
};

@Provider()
class Desk {
  @Tool()
  open(): string {
    return 'open';
  }

  @Resource('docs://public')
  publicDoc(): string {
    return 'public';
  }

  @Resource('notes://secret', { scopes: ['notes:read'] })
  secretNote(): string {
    return 'secret';
  }
}

@Provider({ scopes: ['admin'] })
class AdminTools {
  @Tool()
  wipe(): string {
    return 'wiped';
  }
}

@Provider()
class Extras {
  @Tool()
  extra(): string {
    return 'extra';
  }
}

type Message = { method?: string; params?: Record<string, any>; result?: unknown };

/** The JSON-RPC messages of an SSE stream, read one at a time as they arrive (no timers). */
function reader(response: Response) {
  const stream = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<Message> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (data) return JSON.parse(data.slice(6)) as Message;
          continue;
        }
        const { done, value } = await stream.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => stream.cancel(),
  };
}

async function openStream(url: URL, token: string, notifications: Record<string, unknown>) {
  const response = await listenRequest(url, token, notifications);
  expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
  const stream = reader(response);
  opened.push(stream);
  return stream;
}

function listenRequest(url: URL, token: string, notifications: Record<string, unknown>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: `listen-${token}`,
      method: 'subscriptions/listen',
      params: { notifications, _meta: envelopeOf(token) },
    }),
  });
}

/** Every stream a test opened, cancelled after it whatever happened (a listener closes once they are gone). */
const opened: Array<{ cancel(): Promise<void> }> = [];

type Stream = ReturnType<typeof reader>;

const UPDATED_PUBLIC = 'notifications/resources/updated docs://public';

/** A notification as the test compares it: its method, and the URI of a resource update. */
const shown = (m: Message): string => (m.params?.uri ? `${m.method} ${m.params.uri}` : String(m.method));

const paths: Array<[string, { fastPath?: false }]> = [
  ['listen (fast lane)', {}],
  ['listen ({ fastPath: false })', { fastPath: false }],
];

describe.each(paths)('change streams per caller over %s', (_path, options) => {
  let app: TesseraApp;
  let listener: HttpListener;

  beforeEach(async () => {
    app = createApp(
      { name: 'desk', version: '1', providers: [Desk], logger: silentLogger, events: new InMemoryServerEventBus() },
      { auth: { verifier } },
    );
    listener = await listen(app, { port: 0, ...options });
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((stream) => stream.cancel().catch(() => undefined)));
    await listener.close();
    await app.close();
  });

  test('each caller hears only what changed in its own view, and of the resources it can read', async () => {
    const filter = { toolsListChanged: true, resourceSubscriptions: ['notes://secret', 'docs://public'] };
    const alice = await openStream(listener.url, 'alice-token', filter);
    const bob = await openStream(listener.url, 'bob-token', filter);
    const acks = [await alice.next(), await bob.next()];
    // the hidden URI is acknowledged to bob exactly as to alice, as one nobody serves would be
    for (const ack of acks)
      expect(ack).toMatchObject({
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: filter },
      });

    const heard = async (stream: Stream, count: number) => {
      const messages: string[] = [];
      while (messages.length < count) messages.push(shown(await stream.next()));
      return messages;
    };
    // each change is heard before the next is made: a stream compares views as it hears, so changes made
    // together may reach it as one notification
    app.addProvider(AdminTools); // alice's tools change; bob's do not
    app.notify.resourceUpdated('docs://public'); // a mark both hear: bob has heard all it will before it
    expect(await heard(alice, 2)).toEqual(['notifications/tools/list_changed', UPDATED_PUBLIC]);
    expect(await heard(bob, 1)).toEqual([UPDATED_PUBLIC]);

    app.notify.resourceUpdated('notes://secret'); // alice may read it; bob may not
    app.notify.resourceUpdated('docs://public');
    expect(await heard(alice, 2)).toEqual(['notifications/resources/updated notes://secret', UPDATED_PUBLIC]);
    expect(await heard(bob, 1)).toEqual([UPDATED_PUBLIC]);

    app.addProvider(Extras); // both lists change
    expect(await heard(alice, 1)).toEqual(['notifications/tools/list_changed']);
    const changed = await bob.next();
    expect(shown(changed)).toBe('notifications/tools/list_changed');
    expect(changed.params!._meta).toEqual({ 'io.modelcontextprotocol/subscriptionId': 'listen-bob-token' });
  });

  test('a switch-off every caller sees reaches every stream; one a caller cannot see does not reach it', async () => {
    const alice = await openStream(listener.url, 'alice-token', { toolsListChanged: true });
    const bob = await openStream(listener.url, 'bob-token', {
      toolsListChanged: true,
      resourceSubscriptions: ['docs://public'],
    });
    await alice.next();
    await bob.next();
    const LIST_CHANGED = 'notifications/tools/list_changed';
    app.addProvider(AdminTools);
    expect(shown(await alice.next())).toBe(LIST_CHANGED);
    app.tools.disable('wipe'); // hidden from bob already: bob's view is as it was
    expect(shown(await alice.next())).toBe(LIST_CHANGED);
    app.tools.disable('open'); // everyone's
    app.notify.resourceUpdated('docs://public'); // a mark: bob has heard all it will of the changes above
    expect(shown(await alice.next())).toBe(LIST_CHANGED);
    expect(shown(await bob.next())).toBe(LIST_CHANGED);
    expect(shown(await bob.next())).toBe(UPDATED_PUBLIC);
  });

  test('one caller may hold so many change streams at once; another caller still gets its own', async () => {
    const filter = { toolsListChanged: true };
    for (let i = 0; i < MAX_CHANGE_STREAMS_PER_CALLER; i++)
      await (await openStream(listener.url, 'bob-token', filter)).next();
    const refused = await listenRequest(listener.url, 'bob-token', filter);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: {
        code: -31429,
        message: `subscriptions/listen: this caller has ${MAX_CHANGE_STREAMS_PER_CALLER} change streams open; close one first.`,
        data: { reason: 'listen_cap', limit: MAX_CHANGE_STREAMS_PER_CALLER },
      },
    });
    const alice = await openStream(listener.url, 'alice-token', filter);
    expect(shown(await alice.next())).toBe('notifications/subscriptions/acknowledged');
  });
});
