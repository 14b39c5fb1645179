import type { Base64url } from './base64url.types';
import type { NodeCrypto } from './node-crypto';

/** Unpadded base64url with Node's Buffer: native, the same text as the web one (web-base64url.ts). */
export function nodeBase64url({ Buffer }: Pick<NodeCrypto, 'Buffer'>): Base64url {
  return {
    encode: (bytes) =>
      (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)).toString(
        'base64url',
      ),
    // Buffer's decoder skips what it does not know, takes `+`, `/` and padding, ignores the last character's
    // spare bits and reads a character past U+00FF by its low byte, so the text is taken only if it is what
    // the encoder writes for the bytes it gave: a token has one spelling only. The re-encode of a token's
    // bytes costs less than a scan of its alphabet (a regular expression) and a look at its last character.
    decodeCanonical(text) {
      const bytes = Buffer.from(text, 'base64url');
      if (bytes.toString('base64url') !== text) return undefined;
      // a plain view: the callers' subarray() is then the native one, not Buffer's
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    },
  };
}
