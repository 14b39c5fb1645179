import { request as httpRequest } from 'node:http';
import { createApp, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { TesseraClient, type ConnectRetryEvent } from '@tessera/client';
import { rawToolCall } from './support/raw-tool-call';

// listen() given a promise of the app (one that waits for its Redis first): it binds at once, is not ready,
// refuses every request before any handler with a retryable 503, and serves once the app arrives.
let handlerRuns = 0;

@Provider()
class Work {
  @Tool()
  async work(): Promise<string> {
    handlerRuns += 1;
    return 'done';
  }
}

const { body, headers } = rawToolCall('work');

function send(url: URL, path: string, method: 'GET' | 'POST') {
  return new Promise<{ status?: number; retryAfter?: string; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined, text }),
      );
    });
    req.on('error', reject);
    req.end(method === 'POST' ? body : undefined);
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('listen(promise of an app): not ready until the app arrives', () => {
  test('/readyz 503 starting and a retryable 503 for every request, no handler run; then ready and serving; app.close() stops it', async () => {
    handlerRuns = 0;
    const arriving = deferred<TesseraApp>();
    const listener = await listen(arriving.promise, { port: 0 });
    expect(await send(listener.url, '/healthz', 'GET')).toMatchObject({ status: 200, text: '{"status":"ok"}' });
    expect(await send(listener.url, '/readyz', 'GET')).toMatchObject({
      status: 503,
      text: '{"ready":false,"status":"starting"}',
    });
    const refused = await send(listener.url, '/mcp', 'POST');
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('1');
    expect(JSON.parse(refused.text).error).toEqual({
      code: -32000,
      message: 'Server is starting; send the request again (it did not run)',
      data: { reason: 'starting' },
    });

    const app = createApp({ name: 'starting', version: '1', providers: [Work], logger: silentLogger });
    arriving.resolve(app);
    await listener.ready;
    expect(await send(listener.url, '/readyz', 'GET')).toMatchObject({ status: 200, text: '{"ready":true}' });
    const served = await send(listener.url, '/mcp', 'POST');
    expect(served.status).toBe(200);
    expect(served.text).toContain('done');
    expect(handlerRuns).toBe(1);

    await app.close(); // closes the listener it now tracks
    await expect(send(listener.url, '/healthz', 'GET')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  test('a TesseraClient that connects while the app is starting retries the 503 (onConnectRetry) and completes its call', async () => {
    handlerRuns = 0;
    const arriving = deferred<TesseraApp>();
    const listener = await listen(arriving.promise, { port: 0 });
    const app = createApp({ name: 'starting', version: '1', providers: [Work], logger: silentLogger });
    const retries: ConnectRetryEvent[] = [];
    const client = new TesseraClient({ name: 't', hooks: { onConnectRetry: (e) => void retries.push(e) } });
    setTimeout(() => arriving.resolve(app), 1500);
    await client.connect({ url: listener.url.href });
    const result = await client.callTool({ name: 'work', arguments: {} });
    expect((result.content as Array<{ text: string }>)[0].text).toBe('done');
    expect(retries.length).toBeGreaterThan(0);
    expect(retries[0].failure).toMatchObject({ kind: 'no_upstream', status: 503, reachedHandler: false });
    expect(handlerRuns).toBe(1);
    await client.close();
    await app.close();
  });

  test('a promise that rejects: listener.ready rejects with its error and the listener closes', async () => {
    const arriving = deferred<TesseraApp>();
    const listener = await listen(arriving.promise, { port: 0 });
    arriving.reject(new Error('redis did not answer'));
    await expect(listener.ready).rejects.toThrow('redis did not answer');
    await listener.close();
    await expect(send(listener.url, '/healthz', 'GET')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  test('a bad setting is refused before the listener waits for anything', async () => {
    await expect(listen(new Promise<TesseraApp>(() => undefined), { port: 0, drainMs: 0 })).rejects.toThrow(
      'listen: drainMs',
    );
  });
});
