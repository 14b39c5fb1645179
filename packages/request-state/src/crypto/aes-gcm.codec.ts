import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { hkdf } from '@noble/hashes/hkdf';
import { sha256 } from '@noble/hashes/sha2';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import { RequestStateConfigError } from '../errors/request-state-config.error';
import type { RequestStateCodec } from '../sealing/request-state-codec';
import { decodeCanonicalBase64url, encodeBase64url } from './base64url';

// Derivation labels and layout follow the reference implementation (python-sdk request_state.py), so one
// key ring means the same sub-keys and key ids on both.
const VERSION_PREFIX = 'v1.';
const HKDF_INFO = 'mcp/request-state/v1/aes-256-gcm';
const KID_LABEL = 'mcp/request-state/v1/kid:';
const KID_BYTES = 4;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const MIN_BODY_BYTES = KID_BYTES + NONCE_BYTES + TAG_BYTES;

/**
 * Seals one process makes under one sealing key before it refuses: 2^32, NIST SP 800-38D's limit for
 * random 96-bit nonces (past it the chance of a repeated nonce, which breaks GCM, exceeds 2^-32). The
 * count is per process; several instances sharing a key should rotate before their total reaches it.
 */
export const MAX_SEALS_PER_KEY = 2 ** 32;

interface DerivedKey {
  readonly kid: Buffer;
  readonly key: Buffer;
  readonly aad: Buffer;
}

/**
 * AES-256-GCM token codec: `v1.` + base64url(kid ‖ nonce ‖ ciphertext ‖ tag), AAD = `v1.` ‖ kid.
 *
 * node:crypto rather than @noble/ciphers: node's OpenSSL GCM (hardware AES, constant-time tag check) costs
 * several times less than noble's pure-JS GCM per seal and open (bench/seal.bench.cjs); noble only pays off
 * where node:crypto is missing.
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
      const hex = entry.kid.toString('hex');
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

  seal(plaintext: Uint8Array): string {
    if (this.seals >= this.maxSeals) {
      throw new RequestStateConfigError(
        `RequestStateSecurity: keys[0] has sealed ${this.maxSeals} tokens in this process, the AES-GCM limit for random nonces; rotate to a new key`,
      );
    }
    this.seals += 1;
    const { kid, key, aad } = this.sealing;
    // straight from node:crypto, never the pool: a cloned process must not repeat a nonce (random-pool.ts)
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(aad);
    const head = cipher.update(plaintext);
    const tail = cipher.final();
    return VERSION_PREFIX + encodeBase64url(Buffer.concat([kid, nonce, head, tail, cipher.getAuthTag()]));
  }

  unseal(token: string): Uint8Array {
    if (!token.startsWith(VERSION_PREFIX)) throw new InvalidRequestStateError('malformed');
    const body = decodeCanonicalBase64url(token.slice(VERSION_PREFIX.length));
    if (body === undefined || body.length < MIN_BODY_BYTES) throw new InvalidRequestStateError('malformed');
    const entry = this.byKid.get(body.toString('hex', 0, KID_BYTES));
    if (entry === undefined) throw new InvalidRequestStateError('unknown_key');
    const nonce = body.subarray(KID_BYTES, KID_BYTES + NONCE_BYTES);
    const tag = body.subarray(body.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', entry.key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(entry.aad);
    decipher.setAuthTag(tag);
    const head = decipher.update(body.subarray(KID_BYTES + NONCE_BYTES, body.length - TAG_BYTES));
    try {
      return Buffer.concat([head, decipher.final()]);
    } catch {
      throw new InvalidRequestStateError('tag_mismatch');
    }
  }
}

function deriveKey(secret: Uint8Array): DerivedKey {
  const key = Buffer.from(hkdf(sha256, secret, undefined, HKDF_INFO, 32));
  const kid = createHash('sha256').update(KID_LABEL).update(key).digest().subarray(0, KID_BYTES);
  return { kid, key, aad: Buffer.concat([Buffer.from(VERSION_PREFIX), kid]) };
}
