import { randomBytes, randomFillSync } from 'node:crypto';

// One randomFillSync per 4 KiB instead of one randomBytes per salt: each small call costs about as
// much as the AES-GCM seal itself. Bytes are handed out once and never reused.
//
// Clone risk: a process snapshotted (VM snapshot, checkpoint/restore) or otherwise duplicated with its
// memory hands the same buffered bytes out twice. That is why only principal salts come from here (a
// repeated salt only links two tokens of one user), and AES-GCM nonces never do (aes-gcm.codec.ts draws
// each nonce straight from node:crypto, where a repeat under a shared key would break the encryption).
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

/** Exactly `length` fresh random bytes (a copy, so callers may keep them). */
export function takeRandomBytes(length: number): Buffer {
  if (!Number.isSafeInteger(length) || length < 0)
    throw new RangeError(`takeRandomBytes: length must be a non-negative integer, got ${length}`);
  if (length > POOL_BYTES / 4) return randomBytes(length); // big draws would drain the pool for nothing
  if (offset + length > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + length));
  offset += length;
  return bytes;
}
