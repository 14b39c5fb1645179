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
import { AesGcmCodec } from '../src/crypto/aes-gcm.codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { CALL, KEY_A, KEY_B, manualClock } from './helpers';

const clock = manualClock();
const security = new RequestStateSecurity({ keys: [KEY_A], clock: clock.now });
const sealer = security.forServer('srv');
const raw = new AesGcmCodec(toKeyMaterial([KEY_A]));
const forge = (claims: unknown) => raw.seal(new TextEncoder().encode(JSON.stringify(claims)));
const good = sealer.seal('s', { ...CALL, principal: 'alice' });
const claims = JSON.parse(Buffer.from(raw.unseal(good)).toString());
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
  not_string: () => sealer.open(42, P),
  too_long: () => sealer.open('v1.' + 'A'.repeat(20_000), P),
  malformed: () => sealer.open('v1.***', P),
  unknown_key: () => sealer.open(new RequestStateSecurity({ keys: [KEY_B] }).forServer('srv').seal('s', P), P),
  tag_mismatch: () => sealer.open(good.slice(0, 20) + (good[20] === 'A' ? 'B' : 'A') + good.slice(21), P),
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
  bad_payload: () => sealer.open(forge({ ...claims, m: 7 }), P),
  wrong_version: () => sealer.open(forge({ ...claims, v: 0 }), P),
  bad_time: () =>
    sealer.open(
      raw.seal(new TextEncoder().encode(JSON.stringify({ ...claims, exp: 0 }).replace('"exp":0', '"exp":1e999'))),
      P,
    ),
  exp_beyond_ttl: () => sealer.open(forge({ ...claims, exp: claims.iat + 601 }), P),
  issued_in_future: () => sealer.open(forge({ ...claims, iat: claims.iat + 61 }), P),
  expired: () => sealer.open(forge({ ...claims, exp: claims.iat }), P),
  method_mismatch: () => sealer.open(good, { ...P, method: 'resources/read' }),
  target_mismatch: () => sealer.open(good, { ...P, target: 'x' }),
  arguments_mismatch: () => sealer.open(good, { ...P, arguments: null }),
  audience_drift: () => sealer.open(forge({ ...claims, aud: undefined }), P),
  audience_mismatch: () => security.forServer('other').open(good, P),
  principal_error: () =>
    protectRequestState(security, {
      audience: 'srv',
      bindPrincipal: () => {
        throw new Error('idp down');
      },
    }).verify(good, ctx(undefined)),
  principal_drift: () => sealer.open(good, CALL),
  principal_mismatch: () => sealer.open(good, { ...P, principal: 'mallory' }),
  not_verified: () => protectRequestState(security, { audience: 'srv', rejectWith: (e) => e }).read(ctx(good), CALL),
  no_nonce: () => singleUse.openOnce(good, P), // sealed by a policy without single use
  single_use_without_store: () => sealer.open(singleUse.seal('s', P), P), // the keys, not the store
  replayed: async () => {
    const once = singleUse.seal('s', P);
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

  it('the good token opens, so each case above fails for its own reason only', () => {
    expect(sealer.open(good, P)).toBe('s');
  });

  it('has one JSON-RPC shape for every cause', () => {
    expect(invalidRequestStateJsonRpcError()).toEqual({
      code: -32602,
      message: 'Invalid or expired requestState',
      data: { reason: 'invalid_request_state' },
    });
  });
});
