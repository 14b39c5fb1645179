import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A data key as a KMS returns it: the plaintext for local use, and the wrapped copy to store. */
export interface GeneratedDataKey {
  plaintext: Buffer;
  wrapped: Buffer;
}

/**
 * Stands in for a cloud KMS (AWS KMS GenerateDataKey/Decrypt, GCP Cloud KMS, Vault transit): master keys
 * never leave it, callers only get data keys wrapped under them. In production this is a network call,
 * which is why the codec below asks it once per token and never per byte.
 */
export class InProcessKms {
  private readonly masterKeys = new Map<string, Buffer>();

  /** Creates a master key and returns its id. */
  createKey(keyId: string): string {
    if (this.masterKeys.has(keyId)) throw new Error(`KMS: key ${keyId} already exists`);
    this.masterKeys.set(keyId, randomBytes(32));
    return keyId;
  }

  /** A fresh 256-bit data key; `wrapped` = keyId length ‖ keyId ‖ nonce ‖ AES-GCM(master, dataKey) ‖ tag. */
  generateDataKey(keyId: string): GeneratedDataKey {
    const master = this.master(keyId);
    const plaintext = randomBytes(32);
    const id = Buffer.from(keyId, 'utf8');
    if (id.length > 255) throw new Error('KMS: key id too long');
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', master, nonce);
    const header = Buffer.concat([Buffer.from([id.length]), id]);
    cipher.setAAD(header);
    const wrapped = Buffer.concat([header, nonce, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return { plaintext, wrapped };
  }

  /** Unwraps a data key; throws for a key this KMS did not wrap, or a tampered one. */
  decryptDataKey(wrapped: Uint8Array): Buffer {
    const bytes = Buffer.from(wrapped);
    const idLength = bytes[0];
    if (idLength === undefined || bytes.length !== 1 + idLength + 12 + 32 + 16)
      throw new Error('KMS: malformed wrapped key');
    const header = bytes.subarray(0, 1 + idLength);
    const master = this.master(header.subarray(1).toString('utf8'));
    const nonce = bytes.subarray(1 + idLength, 13 + idLength);
    const decipher = createDecipheriv('aes-256-gcm', master, nonce);
    decipher.setAAD(header);
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const head = decipher.update(bytes.subarray(13 + idLength, bytes.length - 16));
    try {
      return Buffer.concat([head, decipher.final()]);
    } catch {
      throw new Error('KMS: cannot unwrap the data key (not wrapped by this KMS, or tampered)');
    }
  }

  private master(keyId: string): Buffer {
    const key = this.masterKeys.get(keyId);
    if (key === undefined) throw new Error(`KMS: unknown key ${keyId}`);
    return key;
  }
}
