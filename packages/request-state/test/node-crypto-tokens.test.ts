import { createDecipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hkdf } from '@noble/hashes/hkdf';
import { sha256 } from '@noble/hashes/sha2';
import {
  MemorySingleUseStore,
  RequestStateSecurity,
  argumentsDigest,
  type RequestBinding,
} from '@tessera/request-state';
import { aesGcmCodec } from '../src/crypto/aes-gcm-codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { KEY_A, KEY_C, reasonOf } from './helpers';

// Tokens sealed by the node:crypto implementation (captured once, before the move to Web Crypto, with a
// fixed clock): every one still opens to the same bytes, so a rolling deploy from an older instance and
// flows in flight across it go on.
interface Vectors {
  codec: Array<{ plaintextHex: string; token: string }>;
  codecC: { plaintextHex: string; token: string };
  sealer: Array<{ binding: BindingJson; state: unknown; token: string; claimsJson: string }>;
  singleUse: { binding: BindingJson; state: unknown; token: string; claimsJson: string };
  digests: Array<{ args?: Record<string, unknown>; digest: string }>;
}
type BindingJson = { method: string; target: string; arguments?: Record<string, unknown>; principal?: string };
const vectors = JSON.parse(
  readFileSync(path.join(__dirname, 'fixtures', 'node-crypto-tokens.json'), 'utf8'),
) as Vectors;
const CLOCK = () => Date.UTC(2026, 6, 28, 12);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const binding = (b: BindingJson) => b as RequestBinding;

describe('tokens sealed by the node:crypto implementation', () => {
  it('the codec opens each to the same plaintext bytes', async () => {
    const codec = aesGcmCodec(toKeyMaterial([KEY_A]));
    for (const { plaintextHex, token } of vectors.codec) expect(hex(await codec.unseal(token))).toBe(plaintextHex);
    const bytesKey = aesGcmCodec(toKeyMaterial([KEY_C]));
    expect(hex(await bytesKey.unseal(vectors.codecC.token))).toBe(vectors.codecC.plaintextHex);
  });

  it('each sealer token holds byte for byte the claims it was sealed with', async () => {
    const codec = aesGcmCodec(toKeyMaterial([KEY_A]));
    for (const { token, claimsJson } of [...vectors.sealer, vectors.singleUse]) {
      expect(new TextDecoder().decode(await codec.unseal(token))).toBe(claimsJson);
    }
  });

  it('the sealer opens each on its own request and principal, and refuses another principal', async () => {
    const sealer = new RequestStateSecurity({ keys: [KEY_A], clock: CLOCK }).forServer('deployer');
    for (const vector of vectors.sealer) {
      expect(await sealer.open(vector.token, binding(vector.binding))).toEqual(vector.state);
    }
    const withPrincipal = vectors.sealer[1]!;
    expect(
      await reasonOf(() =>
        sealer.open(withPrincipal.token, { ...binding(withPrincipal.binding), principal: 'mallory' }),
      ),
    ).toBe('principal_mismatch');
  });

  it('a sealer seals the same claims JSON now, member for member (the salted principal and nonce aside)', async () => {
    let written = '';
    const capture = {
      seal: (plaintext: Uint8Array) => ((written = new TextDecoder().decode(plaintext)), 'v1.x'),
      unseal: () => new Uint8Array(),
    };
    const random = (json: string) => json.replace(/"(p|n)":"[A-Za-z0-9_-]+"/g, '"$1":"~"');
    const plain = new RequestStateSecurity({ codec: capture, clock: CLOCK, audience: 'deployer' }).forServer('x');
    for (const vector of vectors.sealer) {
      await plain.seal(vector.state, binding(vector.binding));
      expect(random(written)).toBe(random(vector.claimsJson));
    }
    const once = new RequestStateSecurity({
      codec: capture,
      clock: CLOCK,
      audience: 'deployer',
      singleUse: new MemorySingleUseStore(CLOCK),
    }).forServer('x');
    await once.seal(vectors.singleUse.state, binding(vectors.singleUse.binding));
    expect(random(written)).toBe(random(vectors.singleUse.claimsJson));
  });

  it('a single-use token opens once, then is a replay', async () => {
    const sealer = new RequestStateSecurity({
      keys: [KEY_A],
      clock: CLOCK,
      singleUse: new MemorySingleUseStore(CLOCK),
    }).forServer('deployer');
    const { token, state } = vectors.singleUse;
    expect(await sealer.openOnce(token, binding(vectors.singleUse.binding))).toEqual(state);
    expect(await reasonOf(() => sealer.openOnce(token, binding(vectors.singleUse.binding)))).toBe('replayed');
  });

  it('argument digests are unchanged', () => {
    for (const { args, digest } of vectors.digests) {
      expect(argumentsDigest(args)).toBe(digest);
    }
  });

  it('a token sealed now opens with the node:crypto cipher (the format did not move)', async () => {
    const plaintext = new TextEncoder().encode('{"same":"format"}');
    const token = await aesGcmCodec(toKeyMaterial([KEY_A])).seal(plaintext);
    const body = Buffer.from(token.slice(3), 'base64url');
    const key = hkdf(sha256, new TextEncoder().encode(KEY_A), undefined, 'mcp/request-state/v1/aes-256-gcm', 32);
    const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(4, 16));
    decipher.setAAD(Buffer.concat([Buffer.from('v1.'), body.subarray(0, 4)]));
    decipher.setAuthTag(body.subarray(body.length - 16));
    const opened = Buffer.concat([decipher.update(body.subarray(16, body.length - 16)), decipher.final()]);
    expect(opened.toString()).toBe('{"same":"format"}');
    expect(hex(body.subarray(0, 4))).toBe(
      Buffer.from(vectors.codec[0]!.token.slice(3), 'base64url').subarray(0, 4).toString('hex'),
    );
  });
});
