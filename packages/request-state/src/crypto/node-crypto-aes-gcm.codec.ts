import type { KeyObject } from 'node:crypto';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import { RequestStateConfigError } from '../errors/request-state-config.error';
import { AesGcmTokenCodec, MAX_SEALS_PER_KEY, TAG_BYTES, type NonceSource } from './aes-gcm-token-codec';
import { nodeBase64url } from './node-base64url';
import { nodeCrypto, type NodeCrypto } from './node-crypto';

/**
 * The token format on node:crypto: synchronous (no promise, no key import, no ArrayBuffer copy per token),
 * the same cipher and derivation as Web Crypto's codec, so the same inputs and nonce give the same token
 * and each opens the other's. Used on Node; Web Crypto's codec everywhere else.
 */
export class NodeCryptoAesGcmCodec extends AesGcmTokenCodec<KeyObject> {
  private readonly node: NodeCrypto;

  constructor(keys: ReadonlyArray<Uint8Array>, maxSeals = MAX_SEALS_PER_KEY, nonces?: NonceSource) {
    const node = requireNodeCrypto();
    super(keys, maxSeals, nonces ?? ((length) => node.randomFillSync(new Uint8Array(length))), nodeBase64url(node));
    this.node = node;
  }

  seal(plaintext: Uint8Array): string {
    const { derived, nonce } = this.nextSeal();
    const cipher = this.node.createCipheriv('aes-256-gcm', derived.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(derived.aad);
    const ciphertext = cipher.update(plaintext);
    const rest = cipher.final();
    return this.token(this.node.Buffer.concat([derived.kid, nonce, ciphertext, rest, cipher.getAuthTag()]));
  }

  /**
   * `seal` of a string's UTF-8 (the claims' JSON): Buffer writes the same bytes as `TextEncoder` (a lone
   * surrogate as U+FFFD alike) at a fraction of its cost. The bytes may share Buffer's pool: they go
   * straight to the cipher, never to code of anyone else's.
   */
  sealText(text: string): string {
    return this.seal(this.node.Buffer.from(text, 'utf8'));
  }

  unseal(token: string): Uint8Array {
    const { derived, nonce, sealed } = this.parts(token);
    const decipher = this.node.createDecipheriv('aes-256-gcm', derived.key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(derived.aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plaintext = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
    try {
      // OpenSSL compares the tag in constant time; nothing decrypted is returned unless it matches
      const rest = decipher.final();
      return rest.length === 0 ? plaintext : this.node.Buffer.concat([plaintext, rest]);
    } catch {
      throw new InvalidRequestStateError('tag_mismatch');
    }
  }

  protected importKey(raw: Uint8Array): KeyObject {
    return requireNodeCrypto().createSecretKey(raw);
  }
}

function requireNodeCrypto(): NodeCrypto {
  const node = nodeCrypto();
  if (node === undefined)
    throw new RequestStateConfigError('NodeCryptoAesGcmCodec: node:crypto is not available on this runtime');
  return node;
}
