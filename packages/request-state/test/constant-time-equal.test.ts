import { constantTimeEqual } from '../src/crypto/constant-time-equal';
import { seededRandom } from './helpers';

// The principal check and the key ring compare digests with constantTimeEqual; it must agree with a plain
// comparison on every pair: equal, one byte off anywhere (first, last, middle), another length, empty.
const CASES = 20_000;
// FUZZ_SEED=n replays another seed; the seed is in the test's name, so a failure prints it.
const SEED = Number(process.env.FUZZ_SEED ?? 0xc0ffee);

function plainEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

test(`agrees with a plain comparison on random pairs (seed ${SEED}; FUZZ_SEED=${SEED} replays it)`, () => {
  const random = seededRandom(SEED);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
  let equal = 0;
  const disagreements: number[] = [];
  for (let i = 0; i < CASES; i++) {
    const a = bytes(Math.floor(random() * 48));
    let b: Uint8Array;
    const kind = Math.floor(random() * 4);
    if (kind === 0) b = a.slice();
    else if (kind === 1 && a.length > 0) {
      b = a.slice();
      const at = Math.floor(random() * a.length);
      b[at] = b[at]! ^ (1 + Math.floor(random() * 255)); // never the same byte
    } else if (kind === 2) b = Uint8Array.from([...a, Math.floor(random() * 256)]);
    else b = bytes(a.length);
    const expected = plainEqual(a, b);
    if (expected) equal++;
    if (constantTimeEqual(a, b) !== expected || constantTimeEqual(b, a) !== expected) disagreements.push(i);
  }
  expect(disagreements).toEqual([]);
  // both answers were exercised, not only "different"
  expect(equal).toBeGreaterThan(CASES / 5);
  expect(equal).toBeLessThan(CASES - CASES / 5);
});

test('views into a larger buffer compare their own bytes only', () => {
  const backing = Uint8Array.from([9, 1, 2, 3, 9, 1, 2, 3, 7]);
  expect(constantTimeEqual(backing.subarray(1, 4), backing.subarray(5, 8))).toBe(true);
  expect(constantTimeEqual(backing.subarray(1, 4), backing.subarray(6, 9))).toBe(false);
  expect(constantTimeEqual(new Uint8Array(0), new Uint8Array(0))).toBe(true);
});
