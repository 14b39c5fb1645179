import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { InvalidRequestStateError, type RequestStateCodec } from '@tessera/request-state';
import type { InProcessKms } from './in-process-kms';

const PREFIX = 'kms1.';
const CANONICAL_PART = /^[A-Za-z0-9_-]+$/;

/**
 * Envelope encryption for requestState: every token gets its own random data key (AES-256-GCM), and
 * only that data key's KMS-wrapped copy travels in the token. Token = `kms1.` wrapped-key `.` body, each
 * part base64url; the wrapped key is the AAD of the body, so neither half can be swapped.
 *
 * Only crypto lives here: expiry, request, audience and principal binding are stamped and checked by
 * @tessera/request-state around this codec.
 */
export class KmsEnvelopeCodec implements RequestStateCodec {
  constructor(
    private readonly kms: InProcessKms,
    private readonly keyId: string,
  ) {}

  seal(plaintext: Uint8Array): string {
    const dataKey = this.kms.generateDataKey(this.keyId);
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', dataKey.plaintext, nonce);
    cipher.setAAD(dataKey.wrapped);
    const body = Buffer.concat([nonce, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    dataKey.plaintext.fill(0); // the plaintext data key is single-use
    return `${PREFIX}${dataKey.wrapped.toString('base64url')}.${body.toString('base64url')}`;
  }

  unseal(token: string): Uint8Array {
    if (!token.startsWith(PREFIX)) throw new InvalidRequestStateError('malformed');
    const parts = token.slice(PREFIX.length).split('.');
    if (parts.length !== 2) throw new InvalidRequestStateError('malformed');
    const [wrapped, body] = parts.map(canonical) as [Buffer, Buffer];
    if (body.length < 12 + 16) throw new InvalidRequestStateError('malformed');
    // the KMS throws for a key it did not wrap; the framework turns that into the fixed refusal
    const dataKey = this.kms.decryptDataKey(wrapped);
    const decipher = createDecipheriv('aes-256-gcm', dataKey, body.subarray(0, 12));
    decipher.setAAD(wrapped);
    decipher.setAuthTag(body.subarray(body.length - 16));
    const head = decipher.update(body.subarray(12, body.length - 16));
    try {
      return Buffer.concat([head, decipher.final()]);
    } catch {
      throw new InvalidRequestStateError('tag_mismatch');
    } finally {
      dataKey.fill(0);
    }
  }
}

function canonical(part: string): Buffer {
  const bytes = CANONICAL_PART.test(part) ? Buffer.from(part, 'base64url') : undefined;
  if (bytes === undefined || bytes.toString('base64url') !== part) throw new InvalidRequestStateError('malformed');
  return bytes;
}
