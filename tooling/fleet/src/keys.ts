import { createHash, randomBytes } from 'node:crypto';

/** The environment variable every instance of the fleet reads its shared key ring from. */
export const STATE_KEYS_ENV = 'TESSERA_STATE_KEYS';

/** The minimum key length `RequestStateSecurity` accepts. */
export const MIN_KEY_BYTES = 32;

/** A key ring setting that cannot be used: the instance refuses to start and prints `message`. */
export class KeyRingError extends Error {
  override readonly name = 'KeyRingError';
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * Parses `TESSERA_STATE_KEYS`: comma-separated base64url keys, `keys[0]` seals, every key verifies.
 * Returns `undefined` when the variable is unset or blank (no shared keys). Throws `KeyRingError` for a
 * key that is not base64url, decodes to fewer than 32 bytes, or appears twice.
 */
export function parseKeyRing(value: string | undefined): Buffer[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parts = value.split(',').map((p) => p.trim());
  const keys = parts.map((part, i) => {
    const which = `${STATE_KEYS_ENV}: key #${i + 1} of ${parts.length}`;
    if (part === '') throw new KeyRingError(`${which} is empty (stray comma?)`);
    if (!BASE64URL.test(part)) throw new KeyRingError(`${which} is not base64url (A-Z a-z 0-9 - _)`);
    const bytes = Buffer.from(part, 'base64url');
    if (bytes.length < MIN_KEY_BYTES) {
      throw new KeyRingError(
        `${which} is ${bytes.length} bytes; every key must be at least ${MIN_KEY_BYTES} bytes. ` +
          `Generate one with: node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`,
      );
    }
    return bytes;
  });
  const seen = new Set<string>();
  keys.forEach((k, i) => {
    const hex = k.toString('hex');
    if (seen.has(hex)) throw new KeyRingError(`${STATE_KEYS_ENV}: key #${i + 1} repeats an earlier key`);
    seen.add(hex);
  });
  return keys;
}

/** The value of `TESSERA_STATE_KEYS` for a ring (the inverse of `parseKeyRing`). */
export function formatKeyRing(keys: readonly Uint8Array[]): string {
  return keys.map((k) => Buffer.from(k).toString('base64url')).join(',');
}

/** A fresh random 32-byte key. */
export function generateKey(): Buffer {
  return randomBytes(MIN_KEY_BYTES);
}

/**
 * A short, non-secret name for a key (8 hex digits of a domain-separated SHA-256), so logs can show
 * which key seals and which verify during a rotation without ever printing a key.
 */
export function keyId(key: Uint8Array): string {
  return createHash('sha256').update('tessera-fleet-key-id\0').update(key).digest('hex').slice(0, 8);
}
