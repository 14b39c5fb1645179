import { InvalidRequestStateError, INVALID_REQUEST_STATE_MESSAGE, type InvalidStateReason, type RequestBinding } from '@tessera/request-state';

export const KEY_A = 'a'.repeat(32) + '-key-A-for-tests';
export const KEY_B = 'b'.repeat(32) + '-key-B-for-tests';
export const KEY_C = new Uint8Array(32).map((_, i) => i + 1);

export const CALL: RequestBinding = { method: 'tools/call', target: 'deploy', arguments: { region: 'eu', n: 3 } };

/** A clock the test moves by hand (ms since epoch). */
export function manualClock(start = Date.UTC(2026, 6, 28, 12)): { now: () => number; advance: (ms: number) => void; set: (ms: number) => void } {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms), set: (ms) => (current = ms) };
}

/** Runs `fn`, expects an InvalidRequestStateError with the fixed message, returns its reason. */
export function reasonOf(fn: () => unknown): InvalidStateReason {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  if (!(thrown instanceof InvalidRequestStateError)) {
    throw new Error(`expected InvalidRequestStateError, got ${thrown === undefined ? 'no error' : String(thrown)}`);
  }
  expect(thrown.message).toBe(INVALID_REQUEST_STATE_MESSAGE);
  return thrown.reason;
}
