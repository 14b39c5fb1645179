import { RequestStateConfigError } from '../errors/request-state-config.error';
import { constantTimeEqual } from './constant-time-equal';

export const MIN_KEY_BYTES = 32;

export const GENERATE_KEY_HINT = `Generate one with: node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`;

/** Turns the configured keys into bytes (strings are UTF-8 encoded, not decoded), refusing unusable rings. */
export function toKeyMaterial(keys: unknown): Uint8Array[] {
  if (!Array.isArray(keys)) {
    throw new RequestStateConfigError(`RequestStateSecurity: keys must be an array of keys, got ${describe(keys)}`);
  }
  if (keys.length === 0) {
    throw new RequestStateConfigError(
      `RequestStateSecurity: keys is empty; pass at least one key of ${MIN_KEY_BYTES} bytes or more. ${GENERATE_KEY_HINT}`,
    );
  }
  const ring = keys.map((key: unknown, index) => {
    const bytes = toBytes(key, index);
    if (bytes.length < MIN_KEY_BYTES) {
      throw new RequestStateConfigError(
        `RequestStateSecurity: keys[${index}] is ${bytes.length} bytes; each key must be at least ${MIN_KEY_BYTES} bytes ` +
          `(strings count as UTF-8). ${GENERATE_KEY_HINT}`,
      );
    }
    return bytes;
  });
  // each key against the earlier ones only: a ring of one key compares nothing
  ring.forEach((bytes, index) => {
    const first = ring.findIndex((other, at) => at < index && constantTimeEqual(other, bytes));
    if (first !== -1) {
      throw new RequestStateConfigError(
        `RequestStateSecurity: keys[${index}] is the same key as keys[${first}]; list each key once`,
      );
    }
  });
  return ring;
}

function toBytes(key: unknown, index: number): Uint8Array {
  if (typeof key === 'string') return new TextEncoder().encode(key);
  if (key instanceof Uint8Array) return Uint8Array.from(key); // a copy: later edits by the caller must not rotate keys
  throw new RequestStateConfigError(
    `RequestStateSecurity: keys[${index}] must be a Uint8Array or a string, got ${describe(key)}`,
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
}
