/** Unpadded base64url (RFC 4648 §5), one canonical spelling per byte string. */
export interface Base64url {
  encode(bytes: Uint8Array): string;
  /** The bytes, or undefined unless `text` is the one canonical unpadded base64url spelling of them. */
  decodeCanonical(text: string): Uint8Array | undefined;
}
