/**
 * Turns sealed bytes into a wire string and back: the pluggable crypto layer (a KMS envelope, an HSM).
 * `unseal` must throw (or reject) for anything it did not issue; any exception counts as a refusal. Expiry
 * and the request, audience and principal bindings are stamped and checked around the codec, never by it.
 * Either method may answer directly or with a promise (Web Crypto and a remote KMS are async).
 */
export interface RequestStateCodec {
  seal(plaintext: Uint8Array): string | Promise<string>;
  unseal(token: string): Uint8Array | Promise<Uint8Array>;
}
