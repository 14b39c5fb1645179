import * as http from 'node:http';
import * as https from 'node:https';
import { getEventListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FetchLike } from '@modelcontextprotocol/client';
import { nodeModulesFetch } from '../../../src/accelerators/node-http/node-http-fetch';
import { classifyLegFailure } from '../../../src/rounds/leg-failure';

/*
 * The node:http fetch the client uses by default on Node, side by side with undici's global fetch against the
 * same real HTTP server: every observation a test makes must be the same for both. The requests are sent the
 * way the SDK's transport sends them (a Headers object, a string body, redirect: 'manual').
 */

const FETCHES: Array<[string, FetchLike]> = [
  ['undici fetch', (url, init) => fetch(url, init)],
  ['node:http fetch', nodeModulesFetch(http, https)],
];

type Route = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
const routes = new Map<string, Route>();
const seen: Array<{ path: string; headers: http.IncomingHttpHeaders; body: string }> = [];
let server: http.Server;
let base: string;
/** Lets an SSE route send its second event only once the test has read the first. */
let releaseSecondEvent: () => void = () => undefined;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url!, 'http://x').pathname;
    seen.push({ path, headers: req.headers, body });
    routes.get(path)!(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  routes.set('/json', (_req, res, body) => {
    res
      .writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] })
      .end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { echo: body } }));
  });
  routes.set('/rpc-error', (_req, res) => {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad params' } }));
  });
  for (const status of [502, 503, 504]) {
    routes.set(`/status-${status}`, (_req, res) =>
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`front says ${status}`),
    );
  }
  routes.set('/accepted', (_req, res) => res.writeHead(202).end());
  routes.set('/no-content', (_req, res) => res.writeHead(204).end());
  routes.set('/redirect', (_req, res) => res.writeHead(307, { location: '/json' }).end());
  routes.set('/reset-before-answer', (req) => req.socket.destroy());
  routes.set('/reset-mid-answer', (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"jsonrpc":"2.0","id":1,"res', () => setTimeout(() => req.socket.destroy(), 20));
  });
  routes.set(
    '/slow',
    (_req, res) =>
      void setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 10_000).unref(),
  );
  routes.set('/sse', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n');
    releaseSecondEvent = () => res.end('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** What a caller can observe of one exchange: the answer, or the error's class, message and balancer kind. */
async function outcome(f: FetchLike, path: string, init: RequestInit = {}) {
  try {
    const res = await f(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      ...init,
    });
    const text = await res.text();
    return {
      status: res.status,
      statusText: res.statusText,
      ok: res.ok,
      contentType: res.headers.get('content-type'),
      location: res.headers.get('location'),
      text,
    };
  } catch (error) {
    return errorOutcome(error);
  }
}

function errorOutcome(error: unknown) {
  const e = error as Error;
  return { error: e.constructor.name, name: e.name, message: e.message, kind: classifyLegFailure(e)?.kind };
}

const sdkHeaders = () =>
  new Headers({
    authorization: 'Bearer t0k3n',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-method': 'ping',
  });

describe('node:http fetch gives what undici fetch gives', () => {
  const both = async (path: string, init?: RequestInit) => Promise.all(FETCHES.map(([, f]) => outcome(f, path, init)));

  test.each([
    '/json',
    '/rpc-error',
    '/status-502',
    '/status-503',
    '/status-504',
    '/accepted',
    '/no-content',
    '/redirect',
  ])('answer %s', async (path) => {
    const [undici, node] = await both(path, { headers: sdkHeaders() });
    expect(node).toEqual(undici);
    expect(undici).toHaveProperty('status');
  });

  test('502/503/504 are recognised by status alone, so the SDK error carries them, not the fetch', async () => {
    for (const status of [502, 503, 504]) {
      const [undici, node] = await both(`/status-${status}`);
      expect(node).toEqual(expect.objectContaining({ status, ok: false, text: `front says ${status}` }));
      expect(node).toEqual(undici);
    }
  });

  test('the request the server sees: method, body, auth and MCP headers, content length', async () => {
    seen.length = 0;
    await both('/json', { headers: sdkHeaders() });
    const [viaUndici, viaNode] = seen;
    const keep = (h: http.IncomingHttpHeaders) => ({
      authorization: h.authorization,
      'content-type': h['content-type'],
      accept: h.accept,
      'mcp-method': h['mcp-method'],
      'content-length': h['content-length'],
    });
    expect(keep(viaNode!.headers)).toEqual(keep(viaUndici!.headers));
    expect(viaNode!.headers.authorization).toBe('Bearer t0k3n');
    expect(viaNode!.body).toBe(viaUndici!.body);
  });

  test('repeated response headers arrive one by one (Set-Cookie)', async () => {
    const cookies = await Promise.all(
      FETCHES.map(async ([, f]) =>
        (await f(`${base}/json`, { method: 'POST', redirect: 'manual', body: '' })).headers.getSetCookie(),
      ),
    );
    expect(cookies[1]).toEqual(['a=1', 'b=2']);
    expect(cookies[1]).toEqual(cookies[0]);
  });

  test('connection refused: TypeError "fetch failed", classified connection_refused', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const results = await Promise.all(
      FETCHES.map(([, f]) =>
        f(`http://127.0.0.1:${port}/`, { method: 'POST', redirect: 'manual', body: '{}' }).catch(errorOutcome),
      ),
    );
    expect(results[1]).toEqual({
      error: 'TypeError',
      name: 'TypeError',
      message: 'fetch failed',
      kind: 'connection_refused',
    });
    expect(results[1]).toEqual(results[0]);
  });

  test('reset before the answer: TypeError "fetch failed", classified connection_reset', async () => {
    const [undici, node] = await both('/reset-before-answer');
    expect(node).toEqual({ error: 'TypeError', name: 'TypeError', message: 'fetch failed', kind: 'connection_reset' });
    expect(node).toEqual(undici);
  });

  test('reset before the request was written (the server cuts a connection it never reads): classified connection_reset that reached no handler', async () => {
    const cutter = http.createServer();
    cutter.on('connection', (socket) => setTimeout(() => socket.resetAndDestroy(), 50));
    await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(cutter.address() as AddressInfo).port}/mcp`;
      // far more than the socket buffers hold, so the write cannot finish before the reset
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(32 << 20) } });
      const error = await nodeModulesFetch(http, https)(url, { method: 'POST', redirect: 'manual', body }).catch(
        (e: unknown) => e,
      );
      expect(errorOutcome(error)).toMatchObject({
        error: 'TypeError',
        message: 'fetch failed',
        kind: 'connection_reset',
      });
      expect(classifyLegFailure(error)).toEqual({ kind: 'connection_reset', reachedHandler: false });
    } finally {
      await new Promise((resolve) => cutter.close(resolve));
    }
  });

  test.each(FETCHES)(
    "%s does not reuse a kept-alive connection past the server's Keep-Alive hint (less a second)",
    async (name, fetchIt) => {
      const short = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
      short.keepAliveTimeout = 2_000; // answers carry Keep-Alive: timeout=2
      let connections = 0;
      short.on('connection', () => connections++);
      await new Promise<void>((resolve) => short.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(short.address() as AddressInfo).port}/`;
        const get = async () => (await fetchIt(url, { method: 'POST', redirect: 'manual', body: '{}' })).text();
        expect(await get()).toBe('ok');
        expect(await get()).toBe('ok');
        const before = connections;
        if (name === 'node:http fetch') expect(before).toBe(1); // back to back: the same connection
        // idle past the hint less a second (1 s) but not past the server's 2 s: a new connection, so no request
        // can meet the server closing this one
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(await get()).toBe('ok');
        expect(connections).toBe(before + 1);
      } finally {
        short.closeAllConnections();
        await new Promise((resolve) => short.close(resolve));
      }
    },
  );

  test('reset in the middle of a JSON answer: TypeError "terminated", classified connection_reset', async () => {
    const [undici, node] = await both('/reset-mid-answer');
    expect(node).toEqual({ error: 'TypeError', name: 'TypeError', message: 'terminated', kind: 'connection_reset' });
    expect(node).toEqual(undici);
  });

  test('a signal aborted before or during the exchange rejects with its reason', async () => {
    for (const [, f] of FETCHES) {
      const before = new AbortController();
      const reason = new Error('caller gave up');
      before.abort(reason);
      await expect(
        f(`${base}/json`, { method: 'POST', redirect: 'manual', body: '', signal: before.signal }),
      ).rejects.toBe(reason);

      const during = new AbortController();
      const pending = f(`${base}/slow`, { method: 'POST', redirect: 'manual', body: '', signal: during.signal });
      await waitFor(() => seen.some((s) => s.path === '/slow'));
      during.abort();
      const error = await pending.then(
        () => undefined,
        (e: unknown) => e as DOMException,
      );
      expect(error).toBeInstanceOf(DOMException);
      expect(error?.name).toBe('AbortError');
      seen.length = 0;
    }
  });

  test('an SSE answer streams: the first event is readable before the server sends the rest', async () => {
    for (const [, f] of FETCHES) {
      const res = await f(`${base}/sse`, { method: 'POST', redirect: 'manual', body: '', headers: sdkHeaders() });
      expect(res.headers.get('content-type')).toBe('text/event-stream');
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('\n\n')) text += decoder.decode((await reader.read()).value, { stream: true });
      expect(text).toContain('notifications/progress');
      expect(text).not.toContain('"result"');
      releaseSecondEvent();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        text += decoder.decode(chunk.value, { stream: true });
      expect(text).toContain('"result":{}');
    }
  });

  test('a signal aborted while an SSE answer streams errors the stream with its reason', async () => {
    for (const [, f] of FETCHES) {
      const controller = new AbortController();
      const res = await f(`${base}/sse`, { method: 'POST', redirect: 'manual', body: '', signal: controller.signal });
      const reader = res.body!.getReader();
      await reader.read();
      controller.abort();
      const error = await reader.read().then(
        () => undefined,
        (e: unknown) => e as DOMException,
      );
      expect(error?.name).toBe('AbortError');
      releaseSecondEvent();
    }
  });

  test('a signal shared by every exchange (the SDK passes one per transport) keeps no listener after each ends', async () => {
    const node = FETCHES[1]![1];
    const shared = new AbortController();
    const init = { method: 'POST', redirect: 'manual' as const, body: '{}', signal: shared.signal };
    for (const path of [
      '/json',
      '/rpc-error',
      '/status-503',
      '/accepted',
      '/no-content',
      '/redirect',
      '/reset-before-answer',
      '/reset-mid-answer',
    ]) {
      await node(`${base}${path}`, init)
        .then((res) => res.text())
        .catch(() => undefined);
    }
    const read = await node(`${base}/sse`, init); // an SSE answer read to its end
    const reader = read.body!.getReader();
    await reader.read();
    releaseSecondEvent();
    while (!(await reader.read()).done);
    const cancelled = await node(`${base}/sse`, init); // and one the reader gives up on
    await cancelled.body!.cancel();
    releaseSecondEvent();
    expect(getEventListeners(shared.signal, 'abort')).toHaveLength(0);
  });

  test('what it was not built for goes to the global fetch: other schemes, redirects to follow', async () => {
    const node = FETCHES[1]![1];
    const followed = await node(`${base}/redirect`, { method: 'POST', body: '' }); // redirect: 'follow' by default
    expect(followed.status).toBe(200);
    await expect(node('data:text/plain,hello', {})).resolves.toHaveProperty('status', 200);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
