import { bytesToBase64url } from '../encoding/base64';

/**
 * A new task id: 128 bits from the platform's CSPRNG (Web Crypto, present in Node 20 and every edge
 * runtime), base64url (22 characters). An id is unguessable, so knowing one is the first half of access;
 * the owner binding is the second.
 */
export function newTaskId(): string {
  return bytesToBase64url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/** The shape `newTaskId` produces; anything else cannot name a task, so it is refused before any lookup. */
export function isWellFormedTaskId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value);
}
