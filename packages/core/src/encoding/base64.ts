/**
 * Base64 and base64url on bytes with web-standard globals only (btoa, atob), so the root entry runs where
 * Node's Buffer does not (Workers, Deno, edge bundles). The output is byte-for-byte what Buffer gives:
 * cursors minted by an older instance still decode on a newer one during a rolling deploy.
 */

// btoa takes a "binary string" (one char per byte); building it in slices keeps String.fromCharCode's
// argument list well under engines' limits for large blobs.
const SLICE = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += SLICE) binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  return btoa(binary);
}

/** Unpadded base64url (RFC 4648 §5), as `Buffer#toString('base64url')` writes it. */
export function bytesToBase64url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The bytes of unpadded base64url text, or undefined when it is not base64url (other characters, impossible length). */
export function base64urlToBytes(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  return binaryToBytes(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
}

/** The bytes of base64 text the caller has already checked (atob throws on anything else). */
export function base64ToBytes(text: string): Uint8Array {
  return binaryToBytes(atob(text));
}

function binaryToBytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
