import type { Base64url } from './base64url.types';
import type { NodeCrypto } from './node-crypto';

const ALPHABET = /^[A-Za-z0-9_-]*$/;
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// The bits of the last character no byte uses, by the text's length mod 4 (2: four spare bits, 3: two).
const SPARE_BITS = [0, 0, 0b1111, 0b11];

/** Unpadded base64url with Node's Buffer: native, the same text as the web one (web-base64url.ts). */
export function nodeBase64url({ Buffer }: Pick<NodeCrypto, 'Buffer'>): Base64url {
  return {
    encode: (bytes) =>
      (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)).toString(
        'base64url',
      ),
    // Buffer's decoder skips what it does not know and ignores the last character's spare bits, so the
    // alphabet is checked first and the spare bits must be zero: a token has one spelling only (the one
    // the encoder writes, which a re-encode would give back, without the cost of one per token).
    decodeCanonical(text) {
      const length = text.length;
      if (!ALPHABET.test(text) || length % 4 === 1) return undefined;
      if (length % 4 !== 0 && (DIGITS.indexOf(text[length - 1]!) & SPARE_BITS[length % 4]!) !== 0) return undefined;
      const bytes = Buffer.from(text, 'base64url');
      // a plain view: the callers' subarray() is then the native one, not Buffer's
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    },
  };
}
