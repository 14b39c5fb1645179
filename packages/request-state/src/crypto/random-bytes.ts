import { nodeCrypto } from './node-crypto';
import { webCrypto } from './web-crypto';

// getRandomValues fills at most 65,536 bytes per call (the Web Crypto limit).
const MAX_DRAW = 65_536;

/**
 * `length` fresh bytes from the platform's CSPRNG: node:crypto's on Node, where the first read of the global
 * `crypto` loads Node's whole Web Crypto implementation (milliseconds of a server's start-up, for 32 bytes of
 * key); Web Crypto's everywhere else.
 */
export function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  const node = nodeCrypto();
  if (node !== undefined) return node.randomFillSync(bytes);
  const crypto = webCrypto();
  for (let offset = 0; offset < length; offset += MAX_DRAW) {
    crypto.getRandomValues(bytes.subarray(offset, Math.min(length, offset + MAX_DRAW)));
  }
  return bytes;
}
