type NobleCiphersUtils = typeof import('@noble/ciphers/utils');

let equalBytes: NobleCiphersUtils['equalBytes'] | undefined;

/**
 * Whether two byte strings are equal, in time that depends on their length only, not on where they
 * differ: what node's timingSafeEqual does, taken from @noble/ciphers (audited, plain JS, so the same on
 * every runtime) because Web Crypto has no such call. Lengths are public here: both sides are fixed-size
 * digests or keys. Required on the first comparison (a principal claim checked, a key ring with several
 * keys), not at every start.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  equalBytes ??= (require('@noble/ciphers/utils') as NobleCiphersUtils).equalBytes;
  return equalBytes(a, b);
}
