import {
  boundPrincipal,
  principalFromAuthInfo,
  protectRequestState,
  RequestStateSecurity,
  type RequestStateContext,
} from '@tessera/request-state';
import { KEY_A, reasonOf } from './helpers';

// #14 item 3: a custom bindPrincipal adds to the verified binding, never replaces it.
describe('bindPrincipal adds to the verified principal', () => {
  const alice = principalFromAuthInfo({ clientId: 'app', extra: { iss: 'https://idp', sub: 'alice' } });

  it('keeps the verified principal alone when there is no custom value, and combines both otherwise', async () => {
    expect(boundPrincipal(alice, undefined)).toBe(alice);
    expect(boundPrincipal(alice, null)).toBe(alice);
    expect(boundPrincipal(null, 'acme')).toBe('[null,"acme"]');
    expect(boundPrincipal(alice, 'acme')).toBe(JSON.stringify([alice, 'acme']));
    expect(() => boundPrincipal(alice, 42)).toThrow(
      /bindPrincipal must return a string, null or undefined, got number/,
    );
  });

  it('with bearer auth and a tenant binding, one user’s state does not open for another user of the tenant', async () => {
    type TenantCtx = RequestStateContext & { tenant: string };
    const security = new RequestStateSecurity<TenantCtx>({ keys: [KEY_A], bindPrincipal: (ctx) => ctx.tenant });
    const guard = protectRequestState(security, { audience: 'srv', rejectWith: (e) => e });
    const request = { target: 'deploy', arguments: {} };
    const as = (sub: string, tenant: string): TenantCtx => ({
      mcpReq: { method: 'tools/call', requestState: () => undefined },
      http: { authInfo: { clientId: 'app', extra: { iss: 'https://idp', sub } } },
      tenant,
    });
    const token = await guard.mint('s', as('alice', 'acme'), request);
    expect(await reasonOf(() => guard.verify(token, as('bob', 'acme')))).toBe('principal_mismatch');
    expect(await reasonOf(() => guard.verify(token, as('alice', 'globex')))).toBe('principal_mismatch');
    expect(await guard.verify(token, as('alice', 'acme'))).toBeDefined();
  });
});
