import {
  InvalidRequestStateError,
  INVALID_REQUEST_STATE_MESSAGE,
  MemorySingleUseStore,
  invalidRequestStateJsonRpcError,
  protectRequestState,
  RequestStateSecurity,
  type InvalidStateReason,
  type RequestStateContext,
} from '@tessera/request-state';
import { aesGcmCodec } from '../src/crypto/aes-gcm-codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { CALL, KEY_A, KEY_B, manualClock } from './helpers';

const clock = manualClock();
const security = new RequestStateSecurity({ keys: [KEY_A], clock: clock.now });
const sealer = security.forServer('srv');
const raw = aesGcmCodec(toKeyMaterial([KEY_A]));
const forge = (claims: unknown) => raw.seal(new TextEncoder().encode(JSON.stringify(claims)));
let good = '';
let claims: { iat: number } & Record<string, unknown> = { iat: 0 };
beforeAll(async () => {
  good = await sealer.seal('s', { ...CALL, principal: 'alice' });
  claims = JSON.parse(Buffer.from(await raw.unseal(good)).toString());
});
const P = { ...CALL, principal: 'alice' };
const singleUse = new RequestStateSecurity({
  keys: [KEY_A],
  clock: clock.now,
  singleUse: new MemorySingleUseStore(clock.now),
}).forServer('srv');
const ctx = (requestState: unknown): RequestStateContext => ({
  mcpReq: { method: 'tools/call', requestState: () => requestState },
});

// A Record over the union: adding a reason without a case here is a compile error.
const causes: Record<InvalidStateReason, () => unknown> = {
  not_string: async () => await sealer.open(42, P),
  too_long: async () => await sealer.open('v1.' + 'A'.repeat(20_000), P),
  malformed: async () => await sealer.open('v1.***', P),
  unknown_key: async () =>
    await sealer.open(await new RequestStateSecurity({ keys: [KEY_B] }).forServer('srv').seal('s', P), P),
  tag_mismatch: async () => await sealer.open(good.slice(0, 20) + (good[20] === 'A' ? 'B' : 'A') + good.slice(21), P),
  codec_error: () =>
    new RequestStateSecurity({
      codec: {
        seal: () => '',
        unseal: () => {
          throw new Error('boom');
        },
      },
      audience: 'a',
    })
      .forServer(undefined)
      .open('t', P),
  bad_payload: async () => await sealer.open(await forge({ ...claims, m: 7 }), P),
  wrong_version: async () => await sealer.open(await forge({ ...claims, v: 0 }), P),
  bad_time: async () =>
    await sealer.open(
      await raw.seal(new TextEncoder().encode(JSON.stringify({ ...claims, exp: 0 }).replace('"exp":0', '"exp":1e999'))),
      P,
    ),
  exp_beyond_ttl: async () => await sealer.open(await forge({ ...claims, exp: claims.iat + 601 }), P),
  issued_in_future: async () => await sealer.open(await forge({ ...claims, iat: claims.iat + 61 }), P),
  expired: async () => await sealer.open(await forge({ ...claims, exp: claims.iat }), P),
  method_mismatch: async () => await sealer.open(good, { ...P, method: 'resources/read' }),
  target_mismatch: async () => await sealer.open(good, { ...P, target: 'x' }),
  arguments_mismatch: async () => await sealer.open(good, { ...P, arguments: null }),
  audience_drift: async () => await sealer.open(await forge({ ...claims, aud: undefined }), P),
  audience_mismatch: () => security.forServer('other').open(good, P),
  principal_error: () =>
    protectRequestState(security, {
      audience: 'srv',
      bindPrincipal: () => {
        throw new Error('idp down');
      },
    }).verify(good, ctx(undefined)),
  principal_drift: async () => await sealer.open(good, CALL),
  principal_mismatch: async () => await sealer.open(good, { ...P, principal: 'mallory' }),
  not_verified: () => protectRequestState(security, { audience: 'srv', rejectWith: (e) => e }).read(ctx(good), CALL),
  no_nonce: () => singleUse.openOnce(good, P), // sealed by a policy without single use
  single_use_without_store: async () => sealer.open(await singleUse.seal('s', P), P), // the keys, not the store
  replayed: async () => {
    const once = await singleUse.seal('s', P);
    await singleUse.openOnce(once, P);
    return singleUse.openOnce(once, P);
  },
};

describe('every refusal has a logged reason and the same message', () => {
  it.each(Object.entries(causes))('%s', async (reason, cause) => {
    let error: unknown;
    try {
      await cause();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidRequestStateError);
    const refusal = error as InvalidRequestStateError;
    expect(refusal.reason).toBe(reason);
    expect(refusal.message).toBe(INVALID_REQUEST_STATE_MESSAGE);
    expect(refusal.code).toBe('TESSERA_INVALID_REQUEST_STATE');
    expect(refusal.name).toBe('InvalidRequestStateError');
  });

  it('the good token opens, so each case above fails for its own reason only', async () => {
    expect(await sealer.open(good, P)).toBe('s');
  });

  it('has one JSON-RPC shape for every cause', async () => {
    expect(invalidRequestStateJsonRpcError()).toEqual({
      code: -32602,
      message: 'Invalid or expired requestState',
      data: { reason: 'invalid_request_state' },
    });
  });
});
