import { createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { TesseraClient } from '@tessera/client';
import { Deployer } from './mrtr-fixtures';

// Opt-in sessionful 2025 Streamable HTTP: dependency parameters ask 2025 clients with push requests there.

const appModule = { name: 'sessions', version: '1', providers: [Deployer], logger: silentLogger };
const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;
const answerEu = async () => ({ action: 'accept' as const, content: { region: 'eu' } });

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: { elicitation: {} },
    clientInfo: { name: 'raw', version: '1' },
  },
};
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const post = (app: TesseraApp, body: unknown, headers: Record<string, string> = {}) =>
  app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...HEADERS, ...headers },
      body: JSON.stringify(body),
    }),
  );

/** Opens a session (initialize, then initialized) and returns the headers that name it. */
async function open(app: TesseraApp): Promise<Record<string, string>> {
  const opened = await post(app, INIT);
  expect(opened.status).toBe(200);
  await opened.text();
  const session = { 'mcp-session-id': opened.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' };
  await (await post(app, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).text();
  return session;
}

async function listTools(app: TesseraApp, session: Record<string, string>): Promise<Response> {
  const response = await post(app, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);
  await response.text();
  return response;
}

describe('2025-era clients over HTTP with legacySessions', () => {
  let app: TesseraApp | undefined;
  let client: TesseraClient | undefined;
  afterEach(async () => {
    await client?.close();
    await app?.close();
    client = app = undefined;
  });

  test.each(['2025-06-18', '2025-11-25'])(
    'a %s client over a real socket: @Elicit asks with a push request and the call completes',
    async (pin) => {
      app = createApp(appModule, { legacySessions: true });
      const { url } = await listen(app, { port: 0 });
      const asked: string[] = [];
      client = new TesseraClient({
        protocol: { pin },
        elicitation: async (params) => (asked.push(params.message), answerEu()),
      });
      await client.connect({ url: url.href });
      expect(client.era).toBe('legacy');
      expect(text(await client.callTool({ name: 'strict', arguments: {} }))).toBe('chose eu');
      expect(asked).toEqual(['Region?']);
    },
  );

  test('2026-07-28 clients on the same app are served as before (no session)', async () => {
    app = createApp(appModule, { legacySessions: true });
    const { url } = await listen(app, { port: 0 });
    client = new TesseraClient({ elicitation: answerEu });
    await client.connect({ url: url.href });
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(text(await client.callTool({ name: 'strict', arguments: {} }))).toBe('chose eu');
  });

  test('without the option (the default), 2025 HTTP stays stateless and the question answers -32021', async () => {
    app = createApp(appModule);
    const { url } = await listen(app, { port: 0 });
    client = new TesseraClient({ protocol: 'legacy', elicitation: answerEu });
    await client.connect({ url: url.href });
    await expect(client.callTool({ name: 'strict', arguments: {} })).rejects.toMatchObject({
      code: -32021,
      message: expect.stringContaining('stateless HTTP'),
    });
    await expect(client.callTool({ name: 'strict', arguments: {} })).rejects.toMatchObject({
      message: expect.stringContaining('createApp(module, { legacySessions: true })'),
    });
  });

  test('initialize opens a session; DELETE ends it; an ended, unknown or missing session is refused', async () => {
    app = createApp(appModule, { legacySessions: true });
    const opened = await post(app, INIT);
    expect(opened.status).toBe(200);
    const id = opened.headers.get('mcp-session-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const session = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' };
    expect((await post(app, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status).toBe(202);
    const listed = await post(app, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('"strict"');

    const ended = await app.fetch(new Request('http://localhost/mcp', { method: 'DELETE', headers: session }));
    expect(ended.status).toBe(200);
    const after = await post(app, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, session);
    expect(after.status).toBe(404);
    expect(await after.json()).toMatchObject({ error: { message: expect.stringContaining('Session not found') } });
    expect(
      (await post(app, { jsonrpc: '2.0', id: 4, method: 'tools/list' }, { 'mcp-session-id': 'nope' })).status,
    ).toBe(404);
    const missing = await post(app, { jsonrpc: '2.0', id: 5, method: 'tools/list' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { message: expect.stringContaining('needs an Mcp-Session-Id header') },
    });
  });

  test('when full, a new session closes the least recently used idle one', async () => {
    app = createApp(appModule, { legacySessions: { maxSessions: 2 } });
    const first = await open(app);
    const second = await open(app);
    expect((await listTools(app, first)).status).toBe(200); // first is now the more recently used
    const third = await open(app);
    expect((await listTools(app, second)).status).toBe(404);
    expect((await listTools(app, first)).status).toBe(200);
    expect((await listTools(app, third)).status).toBe(200);
  });

  test('a session with a stream open is in use: when every session is, a new one answers 503 until one ends', async () => {
    app = createApp(appModule, { legacySessions: { maxSessions: 1 } });
    const first = await open(app);
    const stream = await app.fetch(
      new Request('http://localhost/mcp', { method: 'GET', headers: { accept: 'text/event-stream', ...first } }),
    );
    expect(stream.status).toBe(200);
    const refused = await post(app, INIT);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { message: expect.stringContaining('all in use') } });
    await stream.body!.cancel();
    expect((await post(app, INIT)).status).toBe(200);
    expect((await listTools(app, first)).status).toBe(404);
  });

  test('idle sessions are closed after idleMs, counted from their last use', async () => {
    // the session's idle timer on jest's clock: only setTimeout is faked, everything else runs as usual
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance', 'hrtime'] });
    try {
      app = createApp(appModule, { legacySessions: { idleMs: 100 } });
      const session = await open(app);
      jest.advanceTimersByTime(99);
      expect((await listTools(app, session)).status).toBe(200); // a use: idle from here again
      jest.advanceTimersByTime(99);
      expect((await listTools(app, session)).status).toBe(200);
      jest.advanceTimersByTime(100);
      expect((await listTools(app, session)).status).toBe(404);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a session answers only the caller who opened it (bearer auth): anyone else gets 404', async () => {
    const verifier = {
      verifyAccessToken: async (token: string) => ({
        token,
        clientId: 'app',
        scopes: [],
        expiresAt: Math.floor(Date.now() / 1000) + 600,
        extra: { subject: token },
      }),
    };
    app = createApp(appModule, { auth: { verifier }, legacySessions: true });
    const opened = await post(app, INIT, { authorization: 'Bearer alice' });
    const session = { 'mcp-session-id': opened.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' };
    await post(
      app,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { ...session, authorization: 'Bearer alice' },
    );
    expect(
      (await post(app, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...session, authorization: 'Bearer bob' }))
        .status,
    ).toBe(404);
    expect(
      (await post(app, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { ...session, authorization: 'Bearer alice' }))
        .status,
    ).toBe(200);
  });

  test('bad settings are refused at createApp, naming them', () => {
    expect(() => createApp(appModule, { legacySessions: { maxSessions: 0 } })).toThrow(
      'legacySessions.maxSessions must be a positive number, got 0.',
    );
    expect(() => createApp(appModule, { legacySessions: { idleMs: Number.NaN } })).toThrow(
      'legacySessions.idleMs must be a positive number, got NaN.',
    );
  });
});
