import { randomFillSync } from 'node:crypto';

// One randomFillSync per 4 KiB instead of one randomBytes per nonce or salt: each small call costs
// several µs (measured), more than the AES-GCM itself. Bytes are handed out once and never reused.
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

/** `length` fresh random bytes (a copy, so callers may keep them). */
export function takeRandomBytes(length: number): Buffer {
  if (offset + length > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + length));
  offset += length;
  return bytes;
}
