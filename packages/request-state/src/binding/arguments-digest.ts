import { digest16 } from '../crypto/sha256';
import { canonicalJson } from './canonical-json';

/**
 * Digest of a request's arguments: sha256 of their canonical JSON, first 16 bytes, base64url (22 chars).
 * Absent, null and {} are the same request.
 */
export function argumentsDigest(args: Record<string, unknown> | null | undefined): string {
  return digest16(args === null || args === undefined ? '{}' : canonicalJson(args));
}
