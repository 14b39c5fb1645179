import { EventEmitter } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { listen, stopOnSignals } from '@tessera/core/node';
import { rawToolCall } from './support/raw-tool-call';

// #17 item 2: a stop under load used to reset requests waiting on kept-alive connections (31 resets and
// one malformed answer for 30 clients). Now every request either completes or is refused before its
// handler runs, and nothing is reset.
let handlerRuns = 0;

@Provider()
class Work {
  @Tool()
  async work(): Promise<string> {
    handlerRuns += 1;
    await new Promise((resolve) => setImmediate(resolve)); // answers a turn of the event loop later: calls overlap
    return 'done';
  }
}

const { body, headers: callHeaders } = rawToolCall('work');
const headers = { ...callHeaders, 'content-length': String(Buffer.byteLength(body)) };

type Outcome = 'completed' | 'refused' | 'reset' | 'malformed';

function send(
  url: URL,
  agent: Agent,
  path = url.pathname,
  method = 'POST',
): Promise<{ outcome: Outcome; status?: number; detail?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method, agent, headers: method === 'POST' ? headers : {} },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          if (res.statusCode === 200 && text.includes('"done"')) return resolve({ outcome: 'completed', status: 200 });
          if (res.statusCode === 503 && res.headers['retry-after'] !== undefined)
            return resolve({ outcome: 'refused', status: 503 });
          if (method === 'GET') return resolve({ outcome: 'completed', status: res.statusCode, detail: text });
          resolve({ outcome: 'malformed', status: res.statusCode, detail: text.slice(0, 200) });
        });
        res.on('error', (error) => resolve({ outcome: 'reset', detail: String(error) }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      // a connection the stopped server never accepted: refused before anything ran
      resolve(
        error.code === 'ECONNREFUSED'
          ? { outcome: 'refused' }
          : { outcome: 'reset', detail: `${error.code ?? ''} ${error.message}` },
      ),
    );
    req.end(method === 'POST' ? body : undefined);
  });
}

describe('a graceful stop under load', () => {
  test('30 keep-alive clients, close() mid-load: 0 resets, 0 malformed answers, no handler run for a refused request', async () => {
    handlerRuns = 0;
    const app = createApp({ name: 'stop', version: '1', providers: [Work], logger: silentLogger });
    const listener = await listen(app, { port: 0, drainMs: 5000 });
    const counts: Record<Outcome, number> = { completed: 0, refused: 0, reset: 0, malformed: 0 };
    const problems: string[] = [];
    let stopAt = Infinity;
    // The stop starts once every client holds an accepted keep-alive connection (one answer each): a
    // connection still in the kernel's accept queue when the listener closes is reset by the kernel, not
    // by the drain, and is not what this test measures (a slow CI machine can leave one there for 400 ms).
    let connected = 0;
    let allConnected: () => void = () => undefined;
    const everyClientConnected = new Promise<void>((resolve) => (allConnected = resolve));
    let loaded: () => void = () => undefined;
    const underLoad = new Promise<void>((resolve) => (loaded = resolve));
    const clients = Array.from({ length: 30 }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let round = 0; ; round += 1) {
        const { outcome, detail } = await send(listener.url, agent);
        counts[outcome] += 1;
        if (counts.completed === 30 * 4) loaded();
        if (round === 0 && (connected += 1) === 30) allConnected();
        if (outcome === 'reset' || outcome === 'malformed') problems.push(`${outcome}: ${detail}`);
        if (outcome !== 'completed' || Date.now() > stopAt) break;
      }
      agent.destroy();
    });
    await everyClientConnected;
    await underLoad; // four answers per client on average: the stop comes mid-load
    stopAt = Date.now() + 10_000;
    await listener.close();
    await Promise.all(clients);
    expect(problems).toEqual([]);
    expect(counts.reset).toBe(0);
    expect(counts.malformed).toBe(0);
    expect(counts.completed).toBeGreaterThan(30);
    expect(counts.refused).toBe(30); // each client's first request after the stop, refused before any handler
    expect(handlerRuns).toBe(counts.completed);
    await app.close();
  });

  test('/healthz and /readyz; /readyz turns false when the drain starts', async () => {
    const app = createApp({ name: 'stop', version: '1', providers: [Work], logger: silentLogger });
    const listener = await listen(app, { port: 0, drainMs: 2000 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await send(listener.url, agent, '/healthz', 'GET')).toMatchObject({
      status: 200,
      detail: '{"status":"ok"}',
    });
    expect(await send(listener.url, agent, '/readyz', 'GET')).toMatchObject({ status: 200, detail: '{"ready":true}' });
    const closing = listener.close();
    const during = await send(listener.url, agent, '/readyz', 'GET'); // on the kept-alive connection
    expect(during).toMatchObject({ status: 503, detail: '{"ready":false,"status":"draining"}' });
    await closing;
    agent.destroy();
    await app.close();
  });
});

describe('readyDelayMs: /readyz turns 503 before the listener stops accepting', () => {
  test('during the delay /readyz is 503 while new connections are accepted and served; then a request is refused with data.reason draining', async () => {
    // the listener's delay and drain timers on jest's clock: only setTimeout is faked, sockets work as usual
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance', 'hrtime'] });
    handlerRuns = 0;
    const app = createApp({ name: 'stop', version: '1', providers: [Work], logger: silentLogger });
    const listener = await listen(app, { port: 0, drainMs: 2000, readyDelayMs: 3000 });
    const kept = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await send(listener.url, kept)).outcome).toBe('completed');
      let closed = false;
      const closing = listener.close().then(() => (closed = true));
      // a balancer's probe sees the 503 at once ...
      expect(await send(listener.url, new Agent(), '/readyz', 'GET')).toMatchObject({
        status: 503,
        detail: '{"ready":false,"status":"stopping"}',
      });
      // ... while, all through the delay, a NEW connection (a client opening one per call) and a kept-alive one
      // are still served
      jest.advanceTimersByTime(2999);
      const fresh = new Agent({ keepAlive: false });
      expect((await send(listener.url, fresh)).outcome).toBe('completed');
      expect((await send(listener.url, kept)).outcome).toBe('completed');
      expect(handlerRuns).toBe(3);
      expect(closed).toBe(false);
      // after the delay the drain refuses a request on the kept-alive connection before any handler, saying why
      jest.advanceTimersByTime(1);
      const refused = await rawPost(listener.url, kept);
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe('1');
      expect(JSON.parse(refused.text).error).toMatchObject({ code: -32000, data: { reason: 'draining' } });
      expect(handlerRuns).toBe(3);
      jest.advanceTimersByTime(2000); // the drain's bound, should a connection still be open
      await closing;
    } finally {
      jest.useRealTimers();
    }
    kept.destroy();
    await app.close();
  });

  test('a bad readyDelayMs is refused, naming the option', async () => {
    const app = createApp({ name: 'stop', version: '1', providers: [Work], logger: silentLogger });
    await expect(listen(app, { port: 0, readyDelayMs: -1 })).rejects.toThrow(
      'listen: readyDelayMs must be zero or a positive number of milliseconds, got -1',
    );
    await app.close();
  });
});

function rawPost(url: URL, agent: Agent): Promise<{ status?: number; retryAfter?: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined, text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('stopOnSignals: SIGTERM drains, then exits; the exit deadline is a hard stop', () => {
  test('SIGTERM: requests on kept-alive connections are refused cleanly, then exit 0', async () => {
    const app = createApp({ name: 'stop', version: '1', providers: [Work], logger: silentLogger });
    const listener = await listen(app, { port: 0, drainMs: 2000 });
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) =>
      stopOnSignals(app, { exit: resolve, exitDeadlineMs: 5000 }, signals),
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(listener.url, agent)).outcome).toBe('completed');
    signals.emit('SIGTERM', 'SIGTERM');
    expect((await send(listener.url, agent)).outcome).toBe('refused');
    expect(await exited).toBe(0);
    agent.destroy();
  });

  test('a call that outlives the exit deadline: exit 1 at the deadline', async () => {
    let release: () => void = () => undefined;
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    @Provider()
    class Stuck {
      @Tool()
      async work(): Promise<string> {
        await new Promise<void>((resolve) => {
          release = resolve;
          entered();
        });
        return 'done';
      }
    }
    const app = createApp({ name: 'stuck', version: '1', providers: [Stuck], logger: silentLogger });
    const listener = await listen(app, { port: 0, drainMs: 60_000 });
    const signals = new EventEmitter();
    const started = Date.now();
    const exited = new Promise<number>((resolve) =>
      stopOnSignals(app, { exit: resolve, exitDeadlineMs: 300, signals: ['SIGINT'] }, signals),
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const stuck = send(listener.url, agent);
    await inHandler;
    signals.emit('SIGINT', 'SIGINT');
    expect(await exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    release();
    await stuck;
    agent.destroy();
    await listener.close();
  });

  test('a bad exit deadline is refused', () => {
    const app = createApp({ name: 'stop', version: '1', providers: [Work], logger: silentLogger });
    expect(() => stopOnSignals(app, { exitDeadlineMs: 0 }, new EventEmitter())).toThrow(
      'stopOnSignals: exitDeadlineMs must be a positive number of milliseconds, got 0',
    );
  });
});
