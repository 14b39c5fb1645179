import { AesGcmCodec, MAX_SEALS_PER_KEY } from '../src/crypto/aes-gcm.codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { takeRandomBytes } from '../src/crypto/random-pool';
import { KEY_A } from './helpers';

const NONCE = { from: 4, to: 16 }; // kid(4) then nonce(12)
const nonceOf = (token: string) =>
  Buffer.from(token.slice(3), 'base64url').subarray(NONCE.from, NONCE.to).toString('hex');

// #14 item 5
describe('random bytes', () => {
  it('takeRandomBytes never returns fewer bytes than asked, whatever the size', async () => {
    for (const size of [0, 1, 12, 1023, 1024, 1025, 4095, 4096, 4097, 10_000, 100_000]) {
      expect(takeRandomBytes(size)).toHaveLength(size);
    }
    expect(() => takeRandomBytes(-1)).toThrow(RangeError);
    expect(() => takeRandomBytes(1.5)).toThrow(RangeError);
  });

  it('a large draw is random, not a tail of zeros', async () => {
    const bytes = takeRandomBytes(50_000);
    expect(bytes.subarray(40_000).some((b) => b !== 0)).toBe(true);
  });

  it('caps the seals of one key (2^32 by default) and names the fix', async () => {
    expect(MAX_SEALS_PER_KEY).toBe(2 ** 32);
    const codec = new AesGcmCodec(toKeyMaterial([KEY_A]), 3);
    const tokens = [
      await codec.seal(new Uint8Array([1])),
      await codec.seal(new Uint8Array([1])),
      await codec.seal(new Uint8Array([1])),
    ];
    await expect(codec.seal(new Uint8Array([1]))).rejects.toThrow(
      /sealed 3 tokens in this process.*rotate to a new key/,
    );
    expect(await codec.unseal(tokens[2]!)).toEqual(Buffer.from([1])); // opening is never capped
  });
});

describe('nonces do not come from the buffered pool (a cloned process must not repeat them)', () => {
  it('with the pool frozen to constant bytes, two seals still use different nonces', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('../src/crypto/random-pool', () => ({ takeRandomBytes: (n: number) => Buffer.alloc(n, 7) }));
      const { AesGcmCodec: Isolated } =
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        require('../src/crypto/aes-gcm.codec') as typeof import('../src/crypto/aes-gcm.codec');
      const codec = new Isolated(toKeyMaterial([KEY_A]));
      const a = nonceOf(await codec.seal(new Uint8Array([1])));
      const b = nonceOf(await codec.seal(new Uint8Array([1])));
      expect(a).not.toBe(b);
      expect(a).not.toBe('07'.repeat(12));
    });
  });
});
