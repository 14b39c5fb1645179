import {
  InvalidRequestStateError,
  RequestStateSecurity,
  RequestStateTooLargeError,
  type RequestStateCodec,
} from '@tessera/request-state';
import { CALL, manualClock, reasonOf } from './helpers';

/** A transparent codec: no crypto at all, so every guarantee left is the framework's. */
const plainCodec: RequestStateCodec = {
  seal: (bytes) => 'plain.' + Buffer.from(bytes).toString('base64url'),
  unseal: (token) => {
    if (!token.startsWith('plain.')) throw new InvalidRequestStateError('malformed');
    return Buffer.from(token.slice(6), 'base64url');
  },
};
const decode = (token: string) => JSON.parse(Buffer.from(token.slice(6), 'base64url').toString());
const encode = (claims: unknown) => 'plain.' + Buffer.from(JSON.stringify(claims)).toString('base64url');

describe('custom codec', () => {
  const clock = manualClock();
  const sealer = new RequestStateSecurity({ codec: plainCodec, ttl: 60, clock: clock.now }).forServer('srv');

  it('round trips through the codec', async () => {
    expect(await sealer.open(await sealer.seal({ a: [1, 'ü'] }, CALL), CALL)).toEqual({ a: [1, 'ü'] });
  });

  it('round trips through a codec that answers with promises, and checks the binding the same way', async () => {
    const asyncCodec: RequestStateCodec = {
      seal: async (bytes) => plainCodec.seal(bytes),
      unseal: async (token) => plainCodec.unseal(token),
    };
    const viaPromises = new RequestStateSecurity({ codec: asyncCodec, clock: clock.now }).forServer('srv');
    const token = await viaPromises.seal({ a: 1 }, CALL);
    expect(token).toBe(encode(decode(token))); // the same framing as the direct codec
    expect(await viaPromises.open(token, CALL)).toEqual({ a: 1 });
    expect(await reasonOf(() => viaPromises.open(token, { ...CALL, target: 'other' }))).toBe('target_mismatch');
    expect(await reasonOf(() => viaPromises.open('nope', CALL))).toBe('malformed');
  });

  it('still enforces ttl, request binding, audience and principal around it', async () => {
    const token = await sealer.seal('s', { ...CALL, principal: 'alice' });
    const p = { ...CALL, principal: 'alice' };
    expect(await reasonOf(() => sealer.open(token, { ...p, target: 'other' }))).toBe('target_mismatch');
    expect(await reasonOf(() => sealer.open(token, { ...p, arguments: {} }))).toBe('arguments_mismatch');
    expect(await reasonOf(() => sealer.open(token, { ...p, method: 'prompts/get' }))).toBe('method_mismatch');
    expect(await reasonOf(() => sealer.open(token, { ...p, principal: 'bob' }))).toBe('principal_mismatch');
    const other = new RequestStateSecurity({ codec: plainCodec, clock: clock.now }).forServer('other-srv');
    expect(await reasonOf(() => other.open(token, p))).toBe('audience_mismatch');
    expect(await sealer.open(token, p)).toBe('s');
    clock.advance(60_000);
    expect(await reasonOf(() => sealer.open(token, p))).toBe('expired');
  });

  it('refuses forged claims the codec lets through (wrong version, missing fields, bad JSON, future iat)', async () => {
    const claims = decode(await sealer.seal('s', CALL));
    expect(await reasonOf(() => sealer.open(encode({ ...claims, v: 2 }), CALL))).toBe('wrong_version');
    expect(await reasonOf(() => sealer.open(encode({ ...claims, s: undefined }), CALL))).toBe('bad_payload');
    expect(await reasonOf(() => sealer.open(encode({ ...claims, exp: '9999999999' }), CALL))).toBe('bad_payload');
    expect(await reasonOf(() => sealer.open(encode([claims]), CALL))).toBe('bad_payload');
    expect(await reasonOf(() => sealer.open('plain.' + Buffer.from('{not json').toString('base64url'), CALL))).toBe(
      'bad_payload',
    );
    expect(await reasonOf(() => sealer.open('plain.' + Buffer.from([0xff, 0xfe]).toString('base64url'), CALL))).toBe(
      'bad_payload',
    );
    expect(
      await reasonOf(() => sealer.open(encode({ ...claims, iat: claims.iat + 3600, exp: claims.exp + 3600 }), CALL)),
    ).toBe('issued_in_future');
  });

  it.each<[string, () => never | Uint8Array]>([
    [
      'a TypeError',
      () => {
        throw new TypeError('secret detail: key 1234');
      },
    ],
    [
      'a string',
      () => {
        throw 'secret detail: key 1234';
      },
    ],
    [
      'undefined',
      () => {
        throw undefined;
      },
    ],
    ['a non-bytes result', () => 'not bytes' as unknown as Uint8Array],
  ])(
    'turns a codec throwing %s into InvalidRequestStateError, without its reason in the message',
    async (_, unseal) => {
      // the same refusal whether the codec answers directly or with a promise (the sealer has a path for each)
      for (const codecUnseal of [unseal, async () => unseal()]) {
        const codec = { seal: plainCodec.seal, unseal: codecUnseal };
        const broken = new RequestStateSecurity({ codec, audience: 'a' }).forServer(undefined);
        let error: unknown;
        try {
          await broken.open('plain.x', CALL);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(InvalidRequestStateError);
        expect((error as Error).message).toBe('Invalid or expired requestState');
        expect((error as InvalidRequestStateError).reason).toBe('codec_error');
        expect(JSON.stringify(error)).not.toContain('secret');
      }
    },
  );

  it('keeps the codec’s own InvalidRequestStateError reason', async () => {
    expect(await reasonOf(() => sealer.open('nope', CALL))).toBe('malformed');
  });

  it('bounds the token before calling the codec, and refuses to mint an over-long token', async () => {
    const unseal = jest.fn(plainCodec.unseal);
    const bounded = new RequestStateSecurity({
      codec: { seal: plainCodec.seal, unseal },
      audience: 'a',
      maxTokenLength: 300,
    }).forServer(undefined);
    expect(await reasonOf(() => bounded.open('plain.' + 'A'.repeat(300), CALL))).toBe('too_long');
    expect(unseal).not.toHaveBeenCalled();
    await expect(bounded.seal('x'.repeat(400), CALL)).rejects.toThrow(RequestStateTooLargeError);
  });
});
