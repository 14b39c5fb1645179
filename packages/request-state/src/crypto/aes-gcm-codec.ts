import { AesGcmTokenCodec } from './aes-gcm-token-codec';
import { NodeCryptoAesGcmCodec } from './node-crypto-aes-gcm.codec';
import { nodeCrypto } from './node-crypto';

/**
 * The AES-256-GCM codec of a key ring on this runtime: node:crypto's on Node (synchronous, the cheaper one
 * there), Web Crypto's everywhere else. Both write and read the same tokens, so instances on different
 * runtimes (or a Node instance and a Worker) share flows. Web Crypto's codec is required only where it is
 * the one, so a Node process does not load it.
 */
export function aesGcmCodec(keys: ReadonlyArray<Uint8Array>): AesGcmTokenCodec<unknown> {
  if (nodeCrypto() !== undefined) return new NodeCryptoAesGcmCodec(keys);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { WebCryptoAesGcmCodec } = require('./web-crypto-aes-gcm.codec') as typeof import('./web-crypto-aes-gcm.codec');
  return new WebCryptoAesGcmCodec(keys);
}
