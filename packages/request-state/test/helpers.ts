import {
  InvalidRequestStateError,
  INVALID_REQUEST_STATE_MESSAGE,
  type InvalidStateReason,
  type RequestBinding,
} from '@tessera/request-state';

export const KEY_A = 'a'.repeat(32) + '-key-A-for-tests';
export const KEY_B = 'b'.repeat(32) + '-key-B-for-tests';
export const KEY_C = new Uint8Array(32).map((_, i) => i + 1);

export const CALL: RequestBinding = { method: 'tools/call', target: 'deploy', arguments: { region: 'eu', n: 3 } };

/** A clock the test moves by hand (ms since epoch). */
export function manualClock(start = Date.UTC(2026, 6, 28, 12)): {
  now: () => number;
  advance: (ms: number) => void;
  set: (ms: number) => void;
} {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms), set: (ms) => (current = ms) };
}

/** Runs `fn` (awaiting what it returns), expects an InvalidRequestStateError with the fixed message, returns its reason. */
export async function reasonOf(fn: () => unknown): Promise<InvalidStateReason> {
  let thrown: unknown;
  try {
    await fn();
  } catch (error) {
    thrown = error;
  }
  if (!(thrown instanceof InvalidRequestStateError)) {
    throw new Error(`expected InvalidRequestStateError, got ${thrown === undefined ? 'no error' : String(thrown)}`);
  }
  expect(thrown.message).toBe(INVALID_REQUEST_STATE_MESSAGE);
  return thrown.reason;
}

/** mulberry32: a seeded generator of numbers in [0, 1), so a randomised test that fails can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
