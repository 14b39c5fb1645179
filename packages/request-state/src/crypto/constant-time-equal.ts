/**
 * Whether two byte strings are equal, in time that depends on their length only, not on where they
 * differ (what node's timingSafeEqual does, written out because Web Crypto has no such call). Lengths
 * are public here: both sides are fixed-size digests.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
