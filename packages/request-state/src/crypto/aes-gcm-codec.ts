import { AesGcmTokenCodec } from './aes-gcm-token-codec';
import { NodeCryptoAesGcmCodec } from './node-crypto-aes-gcm.codec';
import { nodeCrypto } from './node-crypto';
import { WebCryptoAesGcmCodec } from './web-crypto-aes-gcm.codec';

/**
 * The AES-256-GCM codec of a key ring on this runtime: node:crypto's on Node (synchronous, the cheaper one
 * there), Web Crypto's everywhere else. Both write and read the same tokens, so instances on different
 * runtimes (or a Node instance and a Worker) share flows.
 */
export function aesGcmCodec(keys: ReadonlyArray<Uint8Array>): AesGcmTokenCodec<unknown> {
  return nodeCrypto() !== undefined ? new NodeCryptoAesGcmCodec(keys) : new WebCryptoAesGcmCodec(keys);
}
