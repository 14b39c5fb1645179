import { hkdf } from '@noble/hashes/hkdf';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import { RequestStateConfigError } from '../errors/request-state-config.error';
import type { RequestStateCodec } from '../sealing/request-state-codec';
import { AesGcmKey, gcmDecrypt, gcmEncrypt, NONCE_BYTES, TAG_BYTES } from './aes-gcm';
import { decodeCanonicalBase64url, encodeBase64url } from './base64url';
import { randomBytes } from './web-crypto';

// Derivation labels and layout follow the reference implementation (python-sdk request_state.py), so one
// key ring means the same sub-keys and key ids on both.
const VERSION_PREFIX = 'v1.';
const HKDF_INFO = 'mcp/request-state/v1/aes-256-gcm';
const KID_LABEL = 'mcp/request-state/v1/kid:';
const KID_BYTES = 4;
const MIN_BODY_BYTES = KID_BYTES + NONCE_BYTES + TAG_BYTES;

/**
 * Seals one process makes under one sealing key before it refuses: 2^32, NIST SP 800-38D's limit for
 * random 96-bit nonces (past it the chance of a repeated nonce, which breaks GCM, exceeds 2^-32). The
 * count is per process; several instances sharing a key should rotate before their total reaches it.
 */
export const MAX_SEALS_PER_KEY = 2 ** 32;

interface DerivedKey {
  readonly kid: Uint8Array;
  readonly key: AesGcmKey;
  readonly aad: Uint8Array;
}

/**
 * AES-256-GCM token codec: `v1.` + base64url(kid ‖ nonce ‖ ciphertext ‖ tag), AAD = `v1.` ‖ kid.
 *
 * The cipher is Web Crypto's (aes-gcm.ts), so sealing and opening are async and the same code runs on
 * Node, Bun, Deno and Workers; a token sealed on one opens on every other.
 */
export class AesGcmCodec implements RequestStateCodec {
  private readonly sealing: DerivedKey;
  private readonly byKid = new Map<string, DerivedKey>();
  private seals = 0;

  constructor(
    keys: ReadonlyArray<Uint8Array>,
    private readonly maxSeals = MAX_SEALS_PER_KEY,
  ) {
    const derived = keys.map(deriveKey);
    derived.forEach((entry, index) => {
      const hex = bytesToHex(entry.kid);
      if (this.byKid.has(hex)) {
        // 1 in 2^32 per pair of distinct keys; still refuse rather than verify under the wrong key
        throw new RequestStateConfigError(
          `RequestStateSecurity: keys[${index}] has the same key id as an earlier key; replace it`,
        );
      }
      this.byKid.set(hex, entry);
    });
    this.sealing = derived[0]!;
  }

  async seal(plaintext: Uint8Array): Promise<string> {
    if (this.seals >= this.maxSeals) {
      throw new RequestStateConfigError(
        `RequestStateSecurity: keys[0] has sealed ${this.maxSeals} tokens in this process, the AES-GCM limit for random nonces; rotate to a new key`,
      );
    }
    this.seals += 1;
    const { kid, key, aad } = this.sealing;
    // straight from the CSPRNG, never the pool: a cloned process must not repeat a nonce (random-pool.ts)
    const nonce = randomBytes(NONCE_BYTES);
    const sealed = await gcmEncrypt(key, nonce, aad, plaintext);
    return VERSION_PREFIX + encodeBase64url(concatBytes(kid, nonce, sealed));
  }

  async unseal(token: string): Promise<Uint8Array> {
    if (!token.startsWith(VERSION_PREFIX)) throw new InvalidRequestStateError('malformed');
    const body = decodeCanonicalBase64url(token.slice(VERSION_PREFIX.length));
    if (body === undefined || body.length < MIN_BODY_BYTES) throw new InvalidRequestStateError('malformed');
    const entry = this.byKid.get(bytesToHex(body.subarray(0, KID_BYTES)));
    if (entry === undefined) throw new InvalidRequestStateError('unknown_key');
    const nonce = body.subarray(KID_BYTES, KID_BYTES + NONCE_BYTES);
    const plaintext = await gcmDecrypt(entry.key, nonce, entry.aad, body.subarray(KID_BYTES + NONCE_BYTES));
    if (plaintext === undefined) throw new InvalidRequestStateError('tag_mismatch');
    return plaintext;
  }
}

function deriveKey(secret: Uint8Array): DerivedKey {
  const key = hkdf(sha256, secret, undefined, HKDF_INFO, 32);
  const kid = sha256(concatBytes(utf8ToBytes(KID_LABEL), key)).subarray(0, KID_BYTES);
  return { kid, key: new AesGcmKey(key), aad: concatBytes(utf8ToBytes(VERSION_PREFIX), kid) };
}
