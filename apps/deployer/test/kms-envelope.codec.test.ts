import { randomBytes } from 'node:crypto';
import { InvalidRequestStateError, RequestStateSecurity } from '@tessera/request-state';
import { InProcessKms } from '../src/in-process-kms';
import { KmsEnvelopeCodec } from '../src/kms-envelope.codec';

function codecWithNewKms(keyId = 'alias/request-state') {
  const kms = new InProcessKms();
  kms.createKey(keyId);
  return { kms, codec: new KmsEnvelopeCodec(kms, keyId) };
}

const { kms, codec } = codecWithNewKms();
const bytes = (text: string) => new TextEncoder().encode(text);
const parts = (token: string) =>
  token
    .slice(5)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer];
const join = (wrapped: Buffer, body: Buffer) => `kms1.${wrapped.toString('base64url')}.${body.toString('base64url')}`;

describe('KmsEnvelopeCodec', () => {
  it.each<[string, Uint8Array]>([
    ['empty', new Uint8Array()],
    ['unicode', bytes('régions ✓ 🌍')],
    ['every byte value', Uint8Array.from({ length: 256 }, (_, i) => i)],
    ['64 KiB', randomBytes(64 * 1024)],
  ])('round trips %s', (_, plaintext) => {
    expect(Buffer.from(codec.unseal(codec.seal(plaintext)))).toEqual(Buffer.from(plaintext));
  });

  it('uses a fresh data key per token and never shows the plaintext', () => {
    const [a, b] = [codec.seal(bytes('secret-ticket')), codec.seal(bytes('secret-ticket'))];
    expect(parts(a)[0]).not.toEqual(parts(b)[0]);
    expect(a + b).not.toContain('secret-ticket');
    expect(a + b).not.toContain(Buffer.from('secret-ticket').toString('base64url').slice(0, 10));
  });

  it('refuses tokens of another KMS, even under the same key id', () => {
    const foreign = codecWithNewKms().codec.seal(bytes('x'));
    expect(() => codec.unseal(foreign)).toThrow(
      'KMS: cannot unwrap the data key (not wrapped by this KMS, or tampered)',
    );
  });

  it('refuses tokens wrapped under another key of the same KMS once that key is unknown', () => {
    const otherKms = new InProcessKms();
    otherKms.createKey('alias/other');
    expect(() => codec.unseal(new KmsEnvelopeCodec(otherKms, 'alias/other').seal(bytes('x')))).toThrow(
      'KMS: unknown key alias/other',
    );
  });

  it('refuses a swapped wrapped key, a tampered body and a tampered wrapped key', () => {
    const [wrappedA, bodyA] = parts(codec.seal(bytes('aaaa')));
    const [wrappedB] = parts(codec.seal(bytes('bbbb')));
    expect(() => codec.unseal(join(wrappedB, bodyA))).toThrow(InvalidRequestStateError);
    const body = Buffer.from(bodyA);
    body[14]! ^= 1;
    expect(() => codec.unseal(join(wrappedA, body))).toThrow(InvalidRequestStateError);
    const wrapped = Buffer.from(wrappedA);
    wrapped[wrapped.length - 20]! ^= 1;
    expect(() => codec.unseal(join(wrapped, bodyA))).toThrow('KMS: cannot unwrap');
  });

  it.each(['', 'kms1.', 'kms1.abc', 'kms1.a.b.c', 'v1.AAAA', 'kms1.AAAA=.AAAA', 'kms1.A A.AAAA'])(
    'refuses the malformed token %j',
    (token) => {
      expect(() => codec.unseal(token)).toThrow();
    },
  );

  it('behind RequestStateSecurity, every foreign token is the fixed refusal and binding still applies', async () => {
    const sealer = new RequestStateSecurity({ codec, audience: 'deployer' }).forServer(undefined);
    const call = { method: 'tools/call', target: 'deploy', arguments: { service: 'api' } } as const;
    const token = await sealer.seal({ step: 1 }, call);
    expect(await sealer.open(token, call)).toEqual({ step: 1 });
    const foreignSealer = new RequestStateSecurity({ codec: codecWithNewKms().codec, audience: 'deployer' }).forServer(
      undefined,
    );
    for (const bad of [await foreignSealer.seal({ step: 1 }, call), 'kms1.x.y', token.slice(0, -3)]) {
      let error: unknown;
      try {
        await sealer.open(bad, call);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidRequestStateError);
      expect((error as Error).message).toBe('Invalid or expired requestState');
    }
    await expect(sealer.open(token, { ...call, target: 'destroy' })).rejects.toThrow('Invalid or expired requestState');
    expect(kms).toBeDefined();
  });
});
