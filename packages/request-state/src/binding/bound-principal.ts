/**
 * The principal a token is bound to when the author supplies one with `bindPrincipal`: the custom value
 * is added to the verified auth's principal, never put in its place, so with bearer auth on a custom
 * value (a tenant header) cannot make two users of one tenant the same caller.
 *
 * No custom value: the verified principal as is (tokens minted before a bindPrincipal was configured keep
 * the same binding). Both: JSON of [verified | null, custom], a two-element array that cannot collide
 * with the three-element verified principal.
 */
export function boundPrincipal(verified: string | null, custom: unknown): string | null {
  if (custom === undefined || custom === null) return verified;
  if (typeof custom !== 'string')
    throw new TypeError(`bindPrincipal must return a string, null or undefined, got ${typeof custom}`);
  return JSON.stringify([verified, custom]);
}
