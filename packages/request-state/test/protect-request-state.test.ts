import {
  InvalidRequestStateError,
  protectRequestState,
  RequestStateSecurity,
  VerifiedRequestState,
  type RequestStateContext,
} from '@tessera/request-state';
import { KEY_A, reasonOf } from './helpers';

const security = new RequestStateSecurity({ keys: [KEY_A] });
const request = { target: 'deploy', arguments: { a: 1 } };

/** A stand-in for the SDK context: verify's result becomes what requestState() returns, as in the SDK. */
function context(method: string, clientId?: string, sub?: string) {
  let state: unknown;
  const ctx: RequestStateContext = {
    mcpReq: { method, requestState: () => state },
    ...(clientId !== undefined && { http: { authInfo: { clientId, extra: { sub } } } }),
  };
  return { ctx, set: (value: unknown) => (state = value) };
}

describe('protectRequestState without a server', () => {
  const guard = protectRequestState(security, { audience: 'srv', rejectWith: (e) => e }); // read() rethrows the reason-carrying error

  it('round trips: mint, verify (closed handle), read (plaintext)', async () => {
    const first = context('tools/call', 'app', 'alice');
    expect(guard.read(first.ctx, request)).toBeUndefined();
    const token = await guard.mint({ step: 1 }, first.ctx, request);
    const retry = context('tools/call', 'app', 'alice');
    const handle = await guard.verify(token, retry.ctx);
    expect(handle).toBeInstanceOf(VerifiedRequestState);
    expect(JSON.stringify({ handle })).not.toContain('step');
    retry.set(handle);
    expect(guard.read(retry.ctx, request)).toEqual({ step: 1 });
  });

  it('binds the principal from ctx.http.authInfo by default', async () => {
    const token = await guard.mint('s', context('tools/call', 'app', 'alice').ctx, request);
    expect(await reasonOf(() => guard.verify(token, context('tools/call', 'app', 'bob').ctx))).toBe(
      'principal_mismatch',
    );
    expect(await reasonOf(() => guard.verify(token, context('tools/call').ctx))).toBe('principal_drift');
  });

  it('checks the method in verify and the target in read', async () => {
    const token = await guard.mint('s', context('prompts/get').ctx, request);
    expect(await reasonOf(() => guard.verify(token, context('tools/call').ctx))).toBe('method_mismatch');
    const retry = context('prompts/get');
    retry.set(await guard.verify(token, retry.ctx));
    expect(await reasonOf(() => guard.read(retry.ctx, { ...request, target: 'other' }))).toBe('target_mismatch');
  });

  it('refuses a handle verified by another guard', async () => {
    const other = protectRequestState(security, { audience: 'srv' });
    const ctx = context('tools/call');
    ctx.set(await other.verify(await other.mint('s', ctx.ctx, request), ctx.ctx));
    expect(await reasonOf(() => guard.read(ctx.ctx, request))).toBe('not_verified');
  });

  it('uses bindPrincipal (option, else the policy’s), and reports every refusal to onInvalid', async () => {
    const seen: string[] = [];
    const custom = protectRequestState(security, {
      audience: 'srv',
      bindPrincipal: (ctx) => `tenant:${ctx.mcpReq.method.length}`,
      onInvalid: (error, method) => seen.push(`${method}:${error.reason}`),
    });
    const token = await custom.mint('s', context('tools/call').ctx, request);
    await expect(guard.verify(token, context('tools/call').ctx)).rejects.toThrow(InvalidRequestStateError);
    expect(await reasonOf(() => custom.verify('garbage', context('tools/call').ctx))).toBe('malformed');
    expect(seen).toEqual(['tools/call:malformed']);
    const policy = new RequestStateSecurity<RequestStateContext>({ keys: [KEY_A], bindPrincipal: () => 'from-policy' });
    const viaPolicy = protectRequestState(policy, { audience: 'srv' });
    expect(
      await reasonOf(async () =>
        viaPolicy.verify(await guard.mint('s', context('tools/call').ctx, request), context('tools/call').ctx),
      ),
    ).toBe('principal_drift');
  });

  it('mints only on the three carrier methods, and needs an audience with an explicit policy', async () => {
    await expect(guard.mint('s', context('tools/list').ctx, request)).rejects.toThrow(TypeError);
    expect(() => protectRequestState(security)).toThrow(/needs an audience/);
    expect(protectRequestState(RequestStateSecurity.ephemeral()).audience).toBeUndefined();
  });
});
