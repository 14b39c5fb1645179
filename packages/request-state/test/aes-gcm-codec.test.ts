import { randomBytes } from 'node:crypto';
import { NodeCryptoAesGcmCodec } from '../src/crypto/node-crypto-aes-gcm.codec';
import { WebCryptoAesGcmCodec } from '../src/crypto/web-crypto-aes-gcm.codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { KEY_A, KEY_B, reasonOf } from './helpers';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const body = (token: string) => Buffer.from(token.slice(3), 'base64url');
const rebuild = (bytes: Buffer) => 'v1.' + bytes.toString('base64url');

// every case runs on both ciphers: the token format, its refusals and their reasons do not depend on it
describe.each([
  ['Web Crypto', WebCryptoAesGcmCodec],
  ['node:crypto', NodeCryptoAesGcmCodec],
] as const)('the %s codec', (_name, Codec) => {
  const codecOf = (...keys: Array<string | Uint8Array>) => new Codec(toKeyMaterial(keys));
  const codec = codecOf(KEY_A);

  describe('round trips', () => {
    const cases: Array<[string, Uint8Array]> = [
      ['empty', new Uint8Array(0)],
      ['unicode', new TextEncoder().encode('héllo wörld ✓ 漢字 🎉')],
      ['every byte value', Uint8Array.from({ length: 256 }, (_, i) => i)],
      ['64 KiB', randomBytes(64 * 1024)],
    ];
    it.each(cases)('%s', async (_, plaintext) => {
      expect(Buffer.from(await codec.unseal(await codec.seal(plaintext)))).toEqual(Buffer.from(plaintext));
    });

    it('has the shape v1.<canonical base64url> of kid(4) nonce(12) ciphertext tag(16)', async () => {
      const plaintext = new TextEncoder().encode('twelve bytes');
      const token = await codec.seal(plaintext);
      expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
      expect(body(token)).toHaveLength(4 + 12 + plaintext.length + 16);
      expect(rebuild(body(token))).toBe(token);
    });

    it('seals the same plaintext to a different token every time, under the same kid', async () => {
      const plaintext = new TextEncoder().encode('same');
      const tokens = new Set(await Promise.all(Array.from({ length: 50 }, async () => codec.seal(plaintext))));
      expect(tokens.size).toBe(50);
      expect(new Set([...tokens].map((t) => body(t).subarray(0, 4).toString('hex'))).size).toBe(1);
    });

    it('reveals the plaintext neither as text, base64 nor hex', async () => {
      const secret = 'the-launch-code-is-0000-and-very-secret';
      const token = await codec.seal(new TextEncoder().encode(secret));
      expect(token).not.toContain(secret);
      expect(token).not.toContain(Buffer.from(secret).toString('base64url').slice(0, 20));
      expect(token).not.toContain(Buffer.from(secret).toString('base64').slice(0, 20));
      expect(token.toLowerCase()).not.toContain(Buffer.from(secret).toString('hex').slice(0, 20));
      expect(body(token).toString('latin1')).not.toContain('launch');
    });
  });

  describe('refuses corruption', () => {
    let token = '';
    let bytes = Buffer.alloc(0);
    beforeAll(async () => {
      token = await codec.seal(new TextEncoder().encode('{"x":"some payload to protect"}'));
      bytes = body(token);
    });
    const flipAt = (index: number) => () => {
      const copy = Buffer.from(bytes);
      copy[index < 0 ? bytes.length + index : index]! ^= 0x01;
      return rebuild(copy);
    };

    it.each([
      ['prefix', () => 'v2.' + token.slice(3), 'malformed'],
      ['prefix case', () => 'V1.' + token.slice(3), 'malformed'],
      ['kid', flipAt(0), 'unknown_key'],
      ['nonce', flipAt(4), 'tag_mismatch'],
      ['ciphertext', flipAt(20), 'tag_mismatch'],
      ['tag', flipAt(-1), 'tag_mismatch'],
    ])('in the %s', async (_, corrupted, reason) => {
      expect(await reasonOf(() => codec.unseal(corrupted()))).toBe(reason);
    });

    // body lengths 0, 1 and 2 mod 3: the last character then carries 0, 4 or 2 unused bits
    it.each([31, 32, 33])(
      'refuses every one of the 63 substitutions of the final character (payload %i bytes)',
      async (length) => {
        const sealed = await codec.seal(new Uint8Array(length).fill(0x61));
        const last = sealed[sealed.length - 1]!;
        const substitutes = [...ALPHABET].filter((c) => c !== last);
        expect(substitutes).toHaveLength(63);
        const reasons = new Set(
          await Promise.all(substitutes.map((c) => reasonOf(() => codec.unseal(sealed.slice(0, -1) + c)))),
        );
        // with unused bits, some substitutions decode to the same bytes: only the canonical check catches them
        expect([...reasons].sort()).toEqual(length === 31 ? ['tag_mismatch'] : ['malformed', 'tag_mismatch']);
      },
    );

    it('refuses a body whose last character has non-zero unused bits (same bytes, other spelling)', async () => {
      const sealed = await codec.seal(new Uint8Array(32));
      const index = ALPHABET.indexOf(sealed[sealed.length - 1]!);
      const respelled = sealed.slice(0, -1) + ALPHABET[index ^ 0b0001]!;
      expect(Buffer.from(respelled.slice(3), 'base64url')).toEqual(body(sealed)); // node's decoder would accept it
      expect(await reasonOf(() => codec.unseal(respelled))).toBe('malformed');
    });

    it.each([
      ['padding', () => token + '='],
      ['double padding', () => token + '=='],
      [
        'standard alphabet',
        () => token.replace(/-/g, '+').replace(/_/g, '/') + (token.includes('-') || token.includes('_') ? '' : '+'),
      ],
      ['trailing newline', () => token + '\n'],
      ['inner space', () => token.slice(0, 10) + ' ' + token.slice(10)],
      ['leading space', () => ' ' + token],
      ['empty body', () => 'v1.'],
      ['impossible length', () => token + 'A'],
      ['too short', () => rebuild(bytes.subarray(0, 31))],
      ['not base64', () => 'v1.' + '!'.repeat(60)],
    ])('refuses a non-canonical or structurally broken body: %s', async (_, bad) => {
      expect(await reasonOf(() => codec.unseal(bad()))).toBe('malformed');
    });

    it('refuses a kid transplanted onto another body', async () => {
      const other = codecOf(KEY_B);
      const foreign = body(await other.seal(new TextEncoder().encode('x')));
      bytes.copy(foreign, 0, 0, 4); // our kid on their ciphertext
      expect(await reasonOf(() => codec.unseal(rebuild(foreign)))).toBe('tag_mismatch');
    });

    it('refuses a re-prefixed version (the AAD binds it)', async () => {
      expect(await reasonOf(() => codec.unseal('v1.v1.' + token.slice(3)))).toBe('malformed');
      expect(await reasonOf(() => codec.unseal(token.slice(3)))).toBe('malformed');
    });

    it('refuses a token of an unknown key by kid, and a retired key', async () => {
      const foreign = await codecOf(KEY_B).seal(new Uint8Array(3));
      expect(await reasonOf(() => codec.unseal(foreign))).toBe('unknown_key');
      const both = codecOf(KEY_B, KEY_A);
      expect(Buffer.from(await both.unseal(token)).toString()).toContain('payload');
    });
  });
});
