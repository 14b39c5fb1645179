import { createApp, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { TesseraClient } from '@tessera/client';

// A 2025-era client over HTTP holds a server session: close ends it (DELETE), and a session the server
// dropped (404) is replaced by a new one, once, instead of failing every later call.

@Provider()
class Echo {
  @Tool()
  ping(): string {
    return 'pong';
  }
}

interface Seen {
  method: string;
  session: string | null;
  status: number;
}

/** The app's fetch, recording every request's method, session header and answer status. */
function recorded(app: TesseraApp): { fetch: (request: Request) => Promise<Response>; seen: Seen[] } {
  const seen: Seen[] = [];
  return {
    seen,
    fetch: async (request) => {
      const response = await app.fetch(request);
      seen.push({ method: request.method, session: request.headers.get('mcp-session-id'), status: response.status });
      return response;
    },
  };
}

const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;
const appModule = { name: 'lifecycle', version: '1', providers: [Echo], logger: silentLogger };

describe('a 2025-era HTTP session of TesseraClient', () => {
  let app: TesseraApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  test('close sends DELETE for its session, so one maxSessions slot serves client after client', async () => {
    app = createApp(appModule, { legacySessions: { maxSessions: 1 } });
    const { fetch, seen } = recorded(app);
    for (let i = 0; i < 3; i++) {
      const client = new TesseraClient({ protocol: 'legacy' });
      await client.connect({ fetch });
      expect(text(await client.callTool({ name: 'ping', arguments: {} }))).toBe('pong');
      await client.close();
    }
    const deletes = seen.filter((s) => s.method === 'DELETE');
    expect(deletes).toHaveLength(3);
    expect(deletes.every((d) => d.session !== null && d.status === 200)).toBe(true);
  });

  test('after the server drops the session (404), the next call opens a new one and succeeds', async () => {
    // the server's idle timer on jest's clock: only setTimeout is faked, everything else runs as usual
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance', 'hrtime'] });
    try {
      app = createApp(appModule, { legacySessions: { idleMs: 100 } });
      const { fetch, seen } = recorded(app);
      const client = new TesseraClient({ protocol: 'legacy' });
      await client.connect({ fetch });
      expect(text(await client.callTool({ name: 'ping', arguments: {} }))).toBe('pong');
      const first = seen.find((s) => s.session !== null)!.session;
      jest.advanceTimersByTime(100); // idle for idleMs: the server drops the session
      expect(text(await client.callTool({ name: 'ping', arguments: {} }))).toBe('pong');
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping']);
      const sessions = new Set(seen.filter((s) => s.session !== null).map((s) => s.session));
      expect(sessions.size).toBe(2);
      expect(seen.filter((s) => s.status === 404).map((s) => s.session)).toEqual([first]);
      await client.close();
    } finally {
      jest.useRealTimers();
    }
  });

  test('a session gone again right after the new one opens is not retried a second time', async () => {
    app = createApp(appModule, { legacySessions: true });
    const served = app;
    const methods: string[] = [];
    // every tools/call is answered 404, as by a server that keeps losing its sessions
    const fetch = async (request: Request) => {
      const body = request.method === 'POST' ? (JSON.parse(await request.clone().text()) as { method?: string }) : {};
      if (body.method !== undefined) methods.push(body.method);
      if (body.method === 'tools/call')
        return Response.json(
          { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null },
          { status: 404 },
        );
      return served.fetch(request);
    };
    const client = new TesseraClient({ protocol: 'legacy' });
    await client.connect({ fetch });
    await expect(client.callTool({ name: 'ping', arguments: {} })).rejects.toMatchObject({ status: 404 });
    expect(methods.filter((m) => m === 'tools/call' || m === 'initialize')).toEqual([
      'initialize',
      'tools/call',
      'initialize',
      'tools/call',
    ]);
    await client.close();
  });
});
