import { sha256 as nobleSha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';
import { nodeCrypto, type NodeCrypto } from './node-crypto';

/** @noble/hashes' SHA-256 (audited, plain JS): the one off Node, where Web Crypto would make each digest async. */
export const portableSha256 = (data: Uint8Array | string): Uint8Array =>
  nobleSha256(typeof data === 'string' ? utf8ToBytes(data) : data);

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
