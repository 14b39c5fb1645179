import { TAG_BYTES } from './aes-gcm-token-codec';
import { webCrypto } from './web-crypto';

// AES-256-GCM on Web Crypto, native on every runtime (OpenSSL or BoringSSL with hardware AES and a
// constant-time tag check), chosen over @noble/ciphers by bench/codec.bench.mjs. On Node the synchronous
// node:crypto codec (node-crypto-aes-gcm.codec.ts) computes the same cipher with less JavaScript around it.

// Web Crypto takes views of an ArrayBuffer only; a view of a SharedArrayBuffer is copied first.
function bufferSource(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

/** A raw 32-byte key imported once for encrypt and decrypt (the import is async, so it is started lazily). */
export class AesGcmKey {
  private imported: Promise<CryptoKey> | undefined;

  constructor(private readonly raw: Uint8Array) {}

  cryptoKey(): Promise<CryptoKey> {
    this.imported ??= webCrypto().subtle.importKey('raw', bufferSource(this.raw), { name: 'AES-GCM' }, false, [
      'encrypt',
      'decrypt',
    ]);
    return this.imported;
  }
}

/** ciphertext ‖ tag(16). */
export async function gcmEncrypt(
  key: AesGcmKey,
  nonce: Uint8Array,
  aad: Uint8Array,
  plaintext: Uint8Array,
): Promise<Uint8Array> {
  const params = {
    name: 'AES-GCM',
    iv: bufferSource(nonce),
    additionalData: bufferSource(aad),
    tagLength: TAG_BYTES * 8,
  };
  return new Uint8Array(await webCrypto().subtle.encrypt(params, await key.cryptoKey(), bufferSource(plaintext)));
}

/** The plaintext, or undefined when the tag does not verify (wrong key, nonce, AAD or a changed byte). */
export async function gcmDecrypt(
  key: AesGcmKey,
  nonce: Uint8Array,
  aad: Uint8Array,
  sealed: Uint8Array,
): Promise<Uint8Array | undefined> {
  const params = {
    name: 'AES-GCM',
    iv: bufferSource(nonce),
    additionalData: bufferSource(aad),
    tagLength: TAG_BYTES * 8,
  };
  const cryptoKey = await key.cryptoKey();
  try {
    return new Uint8Array(await webCrypto().subtle.decrypt(params, cryptoKey, bufferSource(sealed)));
  } catch {
    return undefined;
  }
}
