import { hash, timingSafeEqual } from 'node:crypto';
import { decodeCanonicalBase64url } from '../crypto/base64url';
import { takeRandomBytes } from '../crypto/random-pool';

const LABEL = Buffer.from('mcp/request-state/principal:');
const SALT_BYTES = 8;
const HASH_BYTES = 16;

/**
 * A salted hash of the principal, fresh salt per mint: two tokens of one user are unlinkable, and the
 * principal never appears in the token even under a codec that only signs.
 */
export function makePrincipalClaim(principal: string): string {
  const salt = takeRandomBytes(SALT_BYTES);
  return Buffer.concat([salt, hashPrincipal(salt, principal)]).toString('base64url');
}

export function principalClaimMatches(claim: string, principal: string): boolean {
  const bytes = decodeCanonicalBase64url(claim);
  if (bytes === undefined || bytes.length !== SALT_BYTES + HASH_BYTES) return false;
  const expected = hashPrincipal(bytes.subarray(0, SALT_BYTES), principal);
  return timingSafeEqual(bytes.subarray(SALT_BYTES), expected);
}

function hashPrincipal(salt: Uint8Array, principal: string): Buffer {
  // JSON.stringify escapes lone surrogates, which UTF-8 encoding would otherwise merge into U+FFFD
  const input = Buffer.concat([LABEL, salt, Buffer.from(JSON.stringify(principal))]);
  return hash('sha256', input, 'buffer').subarray(0, HASH_BYTES);
}
