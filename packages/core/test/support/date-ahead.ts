/** Every clock jest can fake except `Date`: timers, sockets and the servers a test started keep real time. */
const ALL_BUT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

// What code under test saw last: a cache that stamped an entry with a faked time must not find the next
// jump landing before that stamp (a file's earlier jump may reach further than real time has gone since).
let latestFaked = 0;

/**
 * Fakes `Date` alone, standing still at `now` until `jest.setSystemTime` moves it (`jest.useRealTimers()`
 * ends it). Call it before building what keeps `Date.now` as its clock, so that clock is the fake one too.
 */
export function fakeDateOnly(now: number = Date.now()): void {
  latestFaked = Math.max(latestFaked, now);
  jest.useFakeTimers({ doNotFake: [...ALL_BUT_DATE], now });
}

/**
 * Runs `body` with `Date` standing `ms` ahead of the real clock (or of the last faked time, if that is later),
 * and still: for an expiry measured with `Date.now()` (a token's exp, a cache's age, a cooldown), crossed at once
 * instead of waited for.
 */
export async function withDateAhead<T>(ms: number, body: () => Promise<T>): Promise<T> {
  fakeDateOnly(Math.max(Date.now(), latestFaked) + ms);
  try {
    return await body();
  } finally {
    jest.useRealTimers();
  }
}
