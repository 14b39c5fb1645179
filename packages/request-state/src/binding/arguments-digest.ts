import { encodeBase64url } from '../crypto/base64url';
import { sha256 } from '../crypto/sha256';
import { canonicalJson } from './canonical-json';

/**
 * Digest of a request's arguments: sha256 of their canonical JSON, first 16 bytes, base64url (22 chars).
 * Absent, null and {} are the same request.
 */
export function argumentsDigest(args: Record<string, unknown> | null | undefined): string {
  const json = args === null || args === undefined ? '{}' : canonicalJson(args);
  return encodeBase64url(sha256(json).subarray(0, 16));
}
