import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { v8Gc } from '../../src/node/v8-gc';
import { rawToolCall } from './support/raw-tool-call';

// listen's idle GC wired to its requests, V8's gc replaced by a counter (the real one: idle-gc-child.test.ts).
// listen asks for a global `gc` (a process started with --expose-gc): one stands in for it here.
const exposed = jest.fn();
const collect = jest.fn(() => ({ youngBefore: 32 << 20, youngAfter: 1 << 20, pauseMs: 1 }));
jest.mock('../../src/node/v8-gc', () => ({ v8Gc: jest.fn(() => collect) }));

@Provider()
class Echo {
  @Tool()
  echo(): string {
    return 'ok';
  }
}

const DELAY_MS = 200;
/** Long enough for a stop's drain to end its kept-alive connections (its idle grace, then its deadline). */
const DRAIN_MS = 5_000;
/** Left real: only setTimeout and Date (the idle GC's timer and clock) run on jest's clock; sockets work as usual. */
const NOT_FAKED = [
  'nextTick',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
  'setInterval',
  'clearInterval',
  'hrtime',
  'performance',
] as const;
let listener: HttpListener | undefined;
const app = createApp({ name: 'idle-gc', version: '1', providers: [Echo], logger: silentLogger });

/** One call, answered: the server counted the request as ended before its answer reached this side. */
async function call(url: URL): Promise<void> {
  const { body, headers } = rawToolCall('echo');
  const response = await fetch(url, { method: 'POST', headers, body });
  expect(response.status).toBe(200);
  await response.text();
}

/** Stops the listener, moving jest's clock past the drain's timers. */
async function stop(): Promise<void> {
  const closing = listener?.close();
  listener = undefined;
  jest.advanceTimersByTime(DRAIN_MS);
  await closing;
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: [...NOT_FAKED] });
  collect.mockClear();
  jest.mocked(v8Gc).mockClear();
  (globalThis as { gc?: unknown }).gc = exposed;
});
afterEach(async () => {
  delete (globalThis as { gc?: unknown }).gc;
  await stop();
  jest.useRealTimers();
});
afterAll(() => app.close());

describe('listen: the idle GC', () => {
  test('runs once after requests and a quiet idleGcMs, not again while idle', async () => {
    listener = await listen(app, { port: 0, idleGcMs: DELAY_MS });
    await Promise.all([call(listener.url), call(listener.url), call(listener.url)]);
    jest.advanceTimersByTime(DELAY_MS - 1);
    expect(collect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(DELAY_MS * 50); // idle: nothing more
    expect(collect).toHaveBeenCalledTimes(1);
    await call(listener.url); // traffic again: once more
    jest.advanceTimersByTime(DELAY_MS);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  test('never on a server that served nothing; health probes are not requests', async () => {
    listener = await listen(app, { port: 0, idleGcMs: DELAY_MS });
    for (let i = 0; i < 4; i++) {
      await (await fetch(new URL('/healthz', listener.url))).text();
      await (await fetch(new URL('/readyz', listener.url))).text();
      jest.advanceTimersByTime(DELAY_MS / 2);
    }
    jest.advanceTimersByTime(DELAY_MS * 50);
    expect(collect).not.toHaveBeenCalled();
  });

  test('off unless asked for: without idleGcMs (or with false) V8 gc is not even asked for', async () => {
    for (const options of [{ port: 0 }, { port: 0, idleGcMs: false as const }]) {
      listener = await listen(app, options);
      await call(listener.url);
      jest.advanceTimersByTime(DELAY_MS * 50);
      await stop();
    }
    expect(v8Gc).not.toHaveBeenCalled();
    expect(collect).not.toHaveBeenCalled();
    expect(exposed).not.toHaveBeenCalled();
  });

  test('asked for in a process without --expose-gc: listen is refused, naming the fix', async () => {
    delete (globalThis as { gc?: unknown }).gc;
    await expect(listen(app, { port: 0, idleGcMs: DELAY_MS })).rejects.toThrow(
      "listen: idleGcMs needs V8's gc, which this process does not have: start Node with --expose-gc " +
        '(node --expose-gc server.js, or NODE_OPTIONS=--expose-gc), or leave idleGcMs out',
    );
    // without idleGcMs the same process listens
    listener = await listen(app, { port: 0 });
    await call(listener.url);
  });

  test('V8 gc is asked for at the first idle GC, not at listen', async () => {
    listener = await listen(app, { port: 0, idleGcMs: DELAY_MS });
    await call(listener.url);
    expect(v8Gc).not.toHaveBeenCalled();
    jest.advanceTimersByTime(DELAY_MS);
    expect(v8Gc).toHaveBeenCalled();
    expect(collect).toHaveBeenCalledTimes(1);
  });

  test('where no gc can be had it stops at the first idle GC, and the server serves on', async () => {
    jest.mocked(v8Gc).mockReturnValue(undefined);
    try {
      listener = await listen(app, { port: 0, idleGcMs: DELAY_MS });
      await call(listener.url);
      jest.advanceTimersByTime(DELAY_MS);
      expect(v8Gc).toHaveBeenCalledTimes(1);
      await call(listener.url); // traffic again: the release stopped, so no GC is asked for again
      jest.advanceTimersByTime(DELAY_MS * 50);
      expect(v8Gc).toHaveBeenCalledTimes(1);
      expect(collect).not.toHaveBeenCalled();
    } finally {
      jest.mocked(v8Gc).mockImplementation(() => collect);
    }
  });

  test('a closed listener clears it', async () => {
    listener = await listen(app, { port: 0, idleGcMs: DELAY_MS });
    await call(listener.url);
    await stop(); // its clock moves on past DELAY_MS too
    jest.advanceTimersByTime(DELAY_MS * 50);
    expect(collect).not.toHaveBeenCalled();
  });

  test.each([
    [0, 'listen: idleGcMs must be a positive number of milliseconds, got 0'],
    [-5, 'listen: idleGcMs must be a positive number of milliseconds, got -5'],
    [true, 'listen: idleGcMs must be a positive number of milliseconds, got true'],
    ['5000', 'listen: idleGcMs must be a positive number of milliseconds, got "5000"'],
  ])('a bad idleGcMs is refused when listen is called: %p', async (idleGcMs, message) => {
    await expect(listen(app, { port: 0, idleGcMs: idleGcMs as number })).rejects.toThrow(message);
  });
});
