import { encodeBase64url } from './base64url';
import { utf8Bytes } from './bytes';
import { nodeCrypto, type NodeCrypto } from './node-crypto';

type NobleSha2 = typeof import('@noble/hashes/sha2');

let noble: NobleSha2['sha256'] | undefined;

/** @noble/hashes' SHA-256: required on first use, so a Node process (which hashes with node:crypto) never loads it. */
export function nobleSha256(): NobleSha2['sha256'] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (noble ??= (require('@noble/hashes/sha2') as NobleSha2).sha256);
}

/** @noble/hashes' SHA-256 (audited, plain JS): the one off Node, where Web Crypto would make each digest async. */
export const portableSha256 = (data: Uint8Array | string): Uint8Array =>
  nobleSha256()(typeof data === 'string' ? utf8Bytes(data) : data);

/** node:crypto's SHA-256: native, one call with `hash` (Node 20.12+), else a Hash object. */
export function nodeSha256(node: NodeCrypto): (data: Uint8Array | string) => Uint8Array {
  const { hash, createHash } = node;
  const digest =
    hash !== undefined
      ? (data: Uint8Array | string) => hash('sha256', data, 'buffer')
      : (data: Uint8Array | string) => createHash('sha256').update(data).digest();
  // a plain view: the callers' subarray() is then the native one, not Buffer's
  return (data) => {
    const bytes = digest(data);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  };
}

/** SHA-256 of bytes, or of a string's UTF-8, on this runtime: node:crypto's on Node, @noble/hashes' elsewhere. */
export const sha256: (data: Uint8Array | string) => Uint8Array = ((node = nodeCrypto()) =>
  node === undefined ? portableSha256 : nodeSha256(node))();

/** The first 16 bytes of a string's SHA-256, unpadded base64url (22 characters), as bytes then encoded. */
export const portableDigest16 = (text: string): string => encodeBase64url(portableSha256(text).subarray(0, 16));

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * `portableDigest16` with node:crypto writing the digest's text itself (no Buffer made for the bytes, which
 * costs more than the hash of a short string): the first 21 characters of the whole digest's base64url are
 * the 16 bytes', and the 22nd holds the 16th byte's last two bits, then four bits of the 17th where the
 * 16 bytes' encoding has zeros.
 */
export function nodeDigest16(node: NodeCrypto): (text: string) => string {
  const { hash, createHash } = node;
  const whole =
    hash !== undefined
      ? (text: string) => hash('sha256', text, 'base64url')
      : (text: string) => createHash('sha256').update(text).digest('base64url');
  return (text) => {
    const full = whole(text);
    return full.slice(0, 21) + ALPHABET[ALPHABET.indexOf(full[21]!) & 0b110000]!;
  };
}

/** The first 16 bytes of a string's SHA-256 in base64url, on this runtime (node:crypto's on Node). */
export const digest16: (text: string) => string = ((node = nodeCrypto()) =>
  node === undefined ? portableDigest16 : nodeDigest16(node))();
