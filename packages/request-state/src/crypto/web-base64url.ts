import type { Base64url } from './base64url.types';

const ALPHABET = /^[A-Za-z0-9_-]*$/;

// btoa takes a "binary string" (one char per byte); slices keep String.fromCharCode's argument list short.
const SLICE = 0x8000;

/** Unpadded base64url (RFC 4648 §5) with web-standard btoa/atob, byte for byte what Node's Buffer writes. */
export const webBase64url: Base64url = {
  encode(bytes: Uint8Array): string {
    let binary = '';
    for (let i = 0; i < bytes.length; i += SLICE) binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },

  // atob is lenient (it ignores the unused low bits of the last character), so a re-encode must reproduce
  // the input exactly: a token then has one spelling only.
  decodeCanonical(text: string): Uint8Array | undefined {
    if (!ALPHABET.test(text) || text.length % 4 === 1) return undefined;
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return webBase64url.encode(bytes) === text ? bytes : undefined;
  },
};
