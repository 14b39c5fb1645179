const ALPHABET = /^[A-Za-z0-9_-]*$/;

export function encodeBase64url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/**
 * Decodes unpadded base64url, or returns undefined unless `text` is the one canonical encoding of its
 * bytes. Node's decoder is lenient (it skips junk, padding and the unused low bits of the last
 * character), so a re-encode must reproduce the input exactly: a token then has one spelling only.
 */
export function decodeCanonicalBase64url(text: string): Buffer | undefined {
  if (!ALPHABET.test(text) || text.length % 4 === 1) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}
