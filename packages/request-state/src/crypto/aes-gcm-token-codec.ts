import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import { RequestStateConfigError } from '../errors/request-state-config.error';
import type { RequestStateCodec } from '../sealing/request-state-codec';
import type { Base64url } from './base64url';
import { concatBytes, utf8Bytes } from './bytes';
import { hkdfSha256 } from './hkdf-sha256';
import { sha256 } from './sha256';

// Derivation labels and layout follow the reference implementation (python-sdk request_state.py), so one
// key ring means the same sub-keys and key ids on both.
const VERSION_PREFIX = 'v1.';
const HKDF_INFO = 'mcp/request-state/v1/aes-256-gcm';
const KID_LABEL = 'mcp/request-state/v1/kid:';
const KID_BYTES = 4;
export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;
const MIN_BODY_BYTES = KID_BYTES + NONCE_BYTES + TAG_BYTES;

/**
 * Seals one process makes under one sealing key before it refuses: 2^32, NIST SP 800-38D's limit for
 * random 96-bit nonces (past it the chance of a repeated nonce, which breaks GCM, exceeds 2^-32). The
 * count is per process; several instances sharing a key should rotate before their total reaches it.
 */
export const MAX_SEALS_PER_KEY = 2 ** 32;

/** One configured key, derived once: its id, the AAD every token under it carries, and the cipher's key. */
export interface DerivedKey<K> {
  readonly kid: Uint8Array;
  readonly aad: Uint8Array;
  readonly key: K;
}

/** A token taken apart: the key its id names, its nonce, and ciphertext ‖ tag. */
export interface TokenParts<K> {
  readonly derived: DerivedKey<K>;
  readonly nonce: Uint8Array;
  readonly sealed: Uint8Array;
}

/** Where a codec draws its nonces: the platform's CSPRNG (a test passes fixed ones to compare codecs). */
export type NonceSource = (length: number) => Uint8Array;

/**
 * The AES-256-GCM token format, whatever computes the cipher: `v1.` + base64url(kid ‖ nonce ‖ ciphertext ‖
 * tag), AAD = `v1.` ‖ kid; keys derived with HKDF-SHA256 once, at construction; the seal budget; and the
 * refusals of a token that is not one (`malformed`, `unknown_key`). A subclass brings the cipher and the
 * base64url of one platform API: the same inputs and nonce make the same token on every one. Derivation
 * runs once per key, never per token: node:crypto's HKDF and SHA-256 on Node, @noble/hashes' elsewhere.
 */
export abstract class AesGcmTokenCodec<K> implements RequestStateCodec {
  private readonly sealing: DerivedKey<K>;
  private readonly byKid = new Map<number, DerivedKey<K>>();
  private seals = 0;

  constructor(
    keys: ReadonlyArray<Uint8Array>,
    private readonly maxSeals: number,
    private readonly nonces: NonceSource,
    private readonly base64url: Base64url,
  ) {
    const derived = keys.map((secret) => this.derive(secret));
    derived.forEach((entry, index) => {
      const id = kidNumber(entry.kid);
      if (this.byKid.has(id)) {
        // 1 in 2^32 per pair of distinct keys; still refuse rather than verify under the wrong key
        throw new RequestStateConfigError(
          `RequestStateSecurity: keys[${index}] has the same key id as an earlier key; replace it`,
        );
      }
      this.byKid.set(id, entry);
    });
    this.sealing = derived[0]!;
  }

  abstract seal(plaintext: Uint8Array): string | Promise<string>;
  abstract unseal(token: string): Uint8Array | Promise<Uint8Array>;

  /** The cipher's own form of a derived 32-byte key, made once per configured key. */
  protected abstract importKey(raw: Uint8Array): K;

  /** Counts one seal against the sealing key's budget and draws its nonce. */
  protected nextSeal(): { derived: DerivedKey<K>; nonce: Uint8Array } {
    if (this.seals >= this.maxSeals) {
      throw new RequestStateConfigError(
        `RequestStateSecurity: keys[0] has sealed ${this.maxSeals} tokens in this process, the AES-GCM limit for random nonces; rotate to a new key`,
      );
    }
    this.seals += 1;
    // straight from the CSPRNG, never the pool: a cloned process must not repeat a nonce (random-pool.ts)
    return { derived: this.sealing, nonce: this.nonces(NONCE_BYTES) };
  }

  /** The wire token of kid ‖ nonce ‖ ciphertext ‖ tag. */
  protected token(body: Uint8Array): string {
    return VERSION_PREFIX + this.base64url.encode(body);
  }

  /** Throws `malformed` or `unknown_key`, the same for every cipher, before any cryptography runs. */
  protected parts(token: string): TokenParts<K> {
    if (!token.startsWith(VERSION_PREFIX)) throw new InvalidRequestStateError('malformed');
    const body = this.base64url.decodeCanonical(token.slice(VERSION_PREFIX.length));
    if (body === undefined || body.length < MIN_BODY_BYTES) throw new InvalidRequestStateError('malformed');
    const derived = this.byKid.get(kidNumber(body));
    if (derived === undefined) throw new InvalidRequestStateError('unknown_key');
    return {
      derived,
      nonce: body.subarray(KID_BYTES, KID_BYTES + NONCE_BYTES),
      sealed: body.subarray(KID_BYTES + NONCE_BYTES),
    };
  }

  private derive(secret: Uint8Array): DerivedKey<K> {
    const raw = hkdfSha256(secret, HKDF_INFO, 32);
    const kid = sha256(concatBytes(utf8Bytes(KID_LABEL), raw)).subarray(0, KID_BYTES);
    return { kid, aad: concatBytes(utf8Bytes(VERSION_PREFIX), kid), key: this.importKey(raw) };
  }
}

// The first four bytes as one number: a map key found without building a string per token.
function kidNumber(bytes: Uint8Array): number {
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}
