import { IdleMemoryRelease } from '../../src/node/idle-memory-release';
import type { V8GcResult } from '../../src/node/v8-gc';

// The idle GC's timing, on jest's fake clock: once after traffic, never without it, never again while idle.

const MB = 1024 * 1024;
const givenBack: V8GcResult = { youngBefore: 32 * MB, youngAfter: 1 * MB, pauseMs: 1 };
const kept: V8GcResult = { youngBefore: 32 * MB, youngAfter: 32 * MB, pauseMs: 1 };

function release(delayMs = 5000, results: V8GcResult[] = []) {
  const collect = jest.fn(() => results.shift() ?? givenBack);
  const idle = new IdleMemoryRelease(delayMs, collect, undefined, () => Date.now());
  const request = () => {
    idle.started();
    idle.ended();
  };
  return { idle, collect, request };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the idle GC of listen', () => {
  test('never runs on a server that served nothing', () => {
    const { collect } = release();
    jest.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
  });

  test('runs once, delayMs after the last request ended, and not again while idle', () => {
    const { collect, request } = release(5000);
    request();
    jest.advanceTimersByTime(4999);
    expect(collect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10 * 60_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  test('never while a request is in flight, however long it takes', () => {
    const { idle, collect } = release(5000);
    idle.started();
    jest.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
    idle.ended();
    jest.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  test('counts the idle time from the last request, not the first', () => {
    const { collect, request } = release(5000);
    request();
    jest.advanceTimersByTime(3000);
    request();
    jest.advanceTimersByTime(4000); // 7 s after the first, 4 s after the last
    expect(collect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  test('steady traffic keeps one timer, however many requests', () => {
    const { request } = release(5000);
    for (let i = 0; i < 1000; i++) {
      request();
      jest.advanceTimersByTime(10);
    }
    expect(jest.getTimerCount()).toBe(1);
  });

  test('arms again once new traffic comes after a release', () => {
    const { collect, request } = release(5000);
    request();
    jest.advanceTimersByTime(5000);
    request();
    jest.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  test('tries once more 6 s later when V8 kept the young generation, then stops', () => {
    const { collect, request } = release(5000, [kept, kept, kept]);
    request();
    jest.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(5999);
    expect(collect).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(10 * 60_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  test('a request during the wait for the second try puts it off until the server is idle again', () => {
    const { idle, collect } = release(5000, [kept]);
    idle.started();
    idle.ended();
    jest.advanceTimersByTime(5000);
    idle.started();
    jest.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    idle.ended();
    jest.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  test('close clears the pending timer', () => {
    const { idle, collect, request } = release(5000);
    request();
    idle.close();
    expect(jest.getTimerCount()).toBe(0);
    request();
    jest.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
  });
});

describe('the idle GC timer', () => {
  test('does not keep the process alive (unref)', () => {
    jest.useRealTimers();
    const spy = jest.spyOn(global, 'setTimeout');
    const { idle, request } = release(5000);
    try {
      request();
      expect(spy).toHaveBeenCalledTimes(1);
      const timer = spy.mock.results[0]!.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
    } finally {
      idle.close();
      spy.mockRestore();
    }
  });
});
