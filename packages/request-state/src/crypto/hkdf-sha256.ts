import { nodeCrypto } from './node-crypto';
import { nobleSha256 } from './sha256';

const NO_SALT = new Uint8Array(0);

/**
 * HKDF-SHA256 without a salt (RFC 5869: a hash-length of zeros, which an empty HMAC key is too), `length`
 * bytes: node:crypto's native one on Node, @noble/hashes' elsewhere; the same bytes. Run once per configured
 * key, at start, where the plain-JS hash is still interpreted (a few ms in a fresh process). @noble/hashes is
 * required only off Node, on the first derivation.
 */
export const hkdfSha256: (secret: Uint8Array, info: string, length: number) => Uint8Array = ((
  native = nodeCrypto()?.hkdfSync,
) =>
  native === undefined
    ? (secret, info, length) => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { hkdf } = require('@noble/hashes/hkdf') as typeof import('@noble/hashes/hkdf');
        return hkdf(nobleSha256(), secret, undefined, info, length);
      }
    : (secret, info, length) => new Uint8Array(native('sha256', secret, NO_SALT, info, length)))();
