import { decodeCanonicalBase64url, encodeBase64url } from '../crypto/base64url';
import { concatBytes, utf8Bytes } from '../crypto/bytes';
import { constantTimeEqual } from '../crypto/constant-time-equal';
import { sha256 } from '../crypto/sha256';
import { takeRandomBytes } from '../crypto/random-pool';

const LABEL = utf8Bytes('mcp/request-state/principal:');
const SALT_BYTES = 8;
const HASH_BYTES = 16;

/**
 * A salted hash of the principal, fresh salt per mint: two tokens of one user are unlinkable, and the
 * principal never appears in the token even under a codec that only signs.
 */
export function makePrincipalClaim(principal: string): string {
  const salt = takeRandomBytes(SALT_BYTES);
  return encodeBase64url(concatBytes(salt, hashPrincipal(salt, principal)));
}

export function principalClaimMatches(claim: string, principal: string): boolean {
  const bytes = decodeCanonicalBase64url(claim);
  if (bytes === undefined || bytes.length !== SALT_BYTES + HASH_BYTES) return false;
  const expected = hashPrincipal(bytes.subarray(0, SALT_BYTES), principal);
  return constantTimeEqual(bytes.subarray(SALT_BYTES), expected);
}

function hashPrincipal(salt: Uint8Array, principal: string): Uint8Array {
  // JSON.stringify escapes lone surrogates, which UTF-8 encoding would otherwise merge into U+FFFD
  const input = concatBytes(LABEL, salt, utf8Bytes(JSON.stringify(principal)));
  return sha256(input).subarray(0, HASH_BYTES);
}
