import { MAX_SEALS_PER_KEY } from '../src/crypto/aes-gcm-token-codec';
import { NodeCryptoAesGcmCodec } from '../src/crypto/node-crypto-aes-gcm.codec';
import { WebCryptoAesGcmCodec } from '../src/crypto/web-crypto-aes-gcm.codec';
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

  it.each([
    ['Web Crypto', WebCryptoAesGcmCodec],
    ['node:crypto', NodeCryptoAesGcmCodec],
  ] as const)('caps the seals of one key (2^32 by default) and names the fix (%s)', async (_name, Codec) => {
    expect(MAX_SEALS_PER_KEY).toBe(2 ** 32);
    const codec = new Codec(toKeyMaterial([KEY_A]), 3);
    const tokens = [
      await codec.seal(new Uint8Array([1])),
      await codec.seal(new Uint8Array([1])),
      await codec.seal(new Uint8Array([1])),
    ];
    await expect(async () => codec.seal(new Uint8Array([1]))).rejects.toThrow(
      /sealed 3 tokens in this process.*rotate to a new key/,
    );
    expect(await codec.unseal(tokens[2]!)).toEqual(Buffer.from([1])); // opening is never capped
  });
});

describe('nonces do not come from the buffered pool (a cloned process must not repeat them)', () => {
  it('with the pool frozen to constant bytes, two seals still use different nonces (either codec)', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('../src/crypto/random-pool', () => ({ takeRandomBytes: (n: number) => Buffer.alloc(n, 7) }));
      /* eslint-disable @typescript-eslint/no-require-imports */
      const { WebCryptoAesGcmCodec: Web } =
        require('../src/crypto/web-crypto-aes-gcm.codec') as typeof import('../src/crypto/web-crypto-aes-gcm.codec');
      const { NodeCryptoAesGcmCodec: Node } =
        require('../src/crypto/node-crypto-aes-gcm.codec') as typeof import('../src/crypto/node-crypto-aes-gcm.codec');
      /* eslint-enable @typescript-eslint/no-require-imports */
      for (const codec of [new Web(toKeyMaterial([KEY_A])), new Node(toKeyMaterial([KEY_A]))]) {
        const a = nonceOf(await codec.seal(new Uint8Array([1])));
        const b = nonceOf(await codec.seal(new Uint8Array([1])));
        expect(a).not.toBe(b);
        expect(a).not.toBe('07'.repeat(12));
      }
    });
  });
});
