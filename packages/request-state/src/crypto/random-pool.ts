import { randomBytes } from './random-bytes';

// One 4 KiB draw instead of one draw per salt: each small call costs about as
// much as the AES-GCM seal itself. Bytes are handed out once and never reused.
//
// Clone risk: a process snapshotted (VM snapshot, checkpoint/restore) or otherwise duplicated with its
// memory hands the same buffered bytes out twice. That is why only principal salts come from here (a
// repeated salt only links two tokens of one user), and AES-GCM nonces never do (aes-gcm.codec.ts draws
// each nonce straight from the CSPRNG, where a repeat under a shared key would break the encryption).
const POOL_BYTES = 4096;
let pool: Uint8Array = new Uint8Array(0);
let offset = POOL_BYTES;

/** Exactly `length` fresh random bytes (a copy, so callers may keep them). */
export function takeRandomBytes(length: number): Uint8Array {
  if (!Number.isSafeInteger(length) || length < 0)
    throw new RangeError(`takeRandomBytes: length must be a non-negative integer, got ${length}`);
  if (length > POOL_BYTES / 4) return randomBytes(length); // big draws would drain the pool for nothing
  if (offset + length > POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const bytes = pool.slice(offset, offset + length);
  offset += length;
  return bytes;
}
