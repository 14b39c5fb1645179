import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import { AesGcmTokenCodec, MAX_SEALS_PER_KEY, type NonceSource } from './aes-gcm-token-codec';
import { concatBytes } from './bytes';
import { AesGcmKey, gcmDecrypt, gcmEncrypt } from './web-crypto-aes-gcm';
import { randomBytes } from './random-bytes';
import { webBase64url } from './web-base64url';

/**
 * The token format on Web Crypto (web-crypto-aes-gcm.ts): async, and the same code on Node, Bun, Deno and Workers, so a
 * token sealed on one opens on every other. The codec wherever node:crypto is not (node-crypto.ts).
 */
export class WebCryptoAesGcmCodec extends AesGcmTokenCodec<AesGcmKey> {
  constructor(keys: ReadonlyArray<Uint8Array>, maxSeals = MAX_SEALS_PER_KEY, nonces: NonceSource = randomBytes) {
    super(keys, maxSeals, nonces, webBase64url);
  }

  async seal(plaintext: Uint8Array): Promise<string> {
    const { derived, nonce } = this.nextSeal();
    const sealed = await gcmEncrypt(derived.key, nonce, derived.aad, plaintext);
    return this.token(concatBytes(derived.kid, nonce, sealed));
  }

  async unseal(token: string): Promise<Uint8Array> {
    const { derived, nonce, sealed } = this.parts(token);
    const plaintext = await gcmDecrypt(derived.key, nonce, derived.aad, sealed);
    if (plaintext === undefined) throw new InvalidRequestStateError('tag_mismatch');
    return plaintext;
  }

  protected importKey(raw: Uint8Array): AesGcmKey {
    return new AesGcmKey(raw);
  }
}
