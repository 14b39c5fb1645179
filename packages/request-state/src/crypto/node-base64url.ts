import type { Base64url } from './base64url.types';
import type { NodeCrypto } from './node-crypto';

const ALPHABET = /^[A-Za-z0-9_-]*$/;

/** Unpadded base64url with Node's Buffer: native, the same text as the web one (web-base64url.ts). */
export function nodeBase64url({ Buffer }: Pick<NodeCrypto, 'Buffer'>): Base64url {
  return {
    encode: (bytes) =>
      (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)).toString(
        'base64url',
      ),
    // Buffer's decoder skips what it does not know and ignores the last character's spare bits, so the
    // alphabet is checked first and a re-encode must give the input back: a token has one spelling only.
    decodeCanonical(text) {
      if (!ALPHABET.test(text) || text.length % 4 === 1) return undefined;
      const bytes = Buffer.from(text, 'base64url');
      // a plain view: the callers' subarray() is then the native one, not Buffer's
      return bytes.toString('base64url') === text
        ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
        : undefined;
    },
  };
}
