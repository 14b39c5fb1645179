import { concatBytes as nobleConcat, utf8ToBytes } from '@noble/hashes/utils';
import { concatBytes, utf8Bytes } from '../src/crypto/bytes';
import { seededRandom } from './helpers';

// The key ids, AADs and principal claims are built from these two: they must give @noble/hashes' bytes
// (what they were built with before), or a token sealed by an earlier version would no longer open.
const CASES = 5_000;
// FUZZ_SEED=n replays another seed; the seed is in the test's name, so a failure prints it.
const SEED = Number(process.env.FUZZ_SEED ?? 0xb17e5);

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

test(`utf8Bytes and concatBytes give @noble/hashes' bytes on random input (seed ${SEED}; FUZZ_SEED=${SEED} replays it)`, () => {
  const random = seededRandom(SEED);
  const below = (n: number) => Math.floor(random() * n);
  // ASCII, two- and three-byte characters, astral pairs, and lone surrogates of either half
  const unit = () =>
    [
      () => String.fromCharCode(below(0x80)),
      () => String.fromCharCode(0x80 + below(0x780)),
      () => String.fromCharCode(0x800 + below(0xd000)),
      () => String.fromCodePoint(0x10000 + below(0xfffff)),
      () => String.fromCharCode(0xd800 + below(0x800)),
    ][below(5)]!();
  for (let i = 0; i < CASES; i++) {
    let text = '';
    for (let n = below(24); n > 0; n--) text += unit();
    expect(hex(utf8Bytes(text))).toBe(hex(utf8ToBytes(text)));
    const parts = Array.from({ length: below(5) }, () => Uint8Array.from({ length: below(40) }, () => below(256)));
    // a Buffer is a Uint8Array too (node:crypto's digests and keys are Buffers)
    if (parts.length > 0 && below(2) === 0) parts[0] = Buffer.from(parts[0]!);
    const joined = concatBytes(...parts);
    expect(joined).toBeInstanceOf(Uint8Array);
    expect(hex(joined)).toBe(hex(nobleConcat(...parts)));
  }
});

test('concatBytes gives a new array, not one of its parts', () => {
  const only = Uint8Array.of(1, 2, 3);
  const joined = concatBytes(only);
  expect(joined).not.toBe(only);
  joined[0] = 9;
  expect(only[0]).toBe(1);
});
