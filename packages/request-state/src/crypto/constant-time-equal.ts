import { equalBytes } from '@noble/ciphers/utils';

/**
 * Whether two byte strings are equal, in time that depends on their length only, not on where they
 * differ: what node's timingSafeEqual does, taken from @noble/ciphers (audited, plain JS, so the same on
 * every runtime) because Web Crypto has no such call. Lengths are public here: both sides are fixed-size
 * digests or keys.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return equalBytes(a, b);
}
