import {
  principalFromAuthInfo,
  protectRequestState,
  RequestStateSecurity,
  UnusableAuthInfoError,
  type InvalidRequestStateError,
} from '@tessera/request-state';
import { KEY_A } from './helpers';

// #14 item 2: a principal part that is present but unusable is refused, never dropped (which used to
// widen the binding to the client id, so another user of the same client could finish the flow).
describe('unusable principal parts are refused, naming the field', () => {
  const unusable: Array<[string, Record<string, unknown>, string]> = [
    ['an object sub', { iss: 'https://idp', sub: { id: 'SECRET-alice' } }, 'extra.sub (an object)'],
    ['a boolean sub', { iss: 'https://idp', sub: true }, 'extra.sub (a boolean)'],
    ['an empty-string sub', { iss: 'https://idp', sub: '' }, 'extra.sub (an empty string)'],
    ['an empty-string subject', { iss: 'https://idp', subject: '' }, 'extra.subject (an empty string)'],
    ['a NaN sub', { iss: 'https://idp', sub: Number.NaN }, 'extra.sub (the number NaN)'],
    ['an array iss', { iss: ['SECRET-idp'], sub: 'u' }, 'extra.iss (an array)'],
    ['an object issuer alone', { issuer: { url: 'SECRET-idp' }, sub: 'u' }, 'extra.issuer (an object)'],
  ];

  it.each(unusable)('%s', async (_name, extra, field) => {
    let thrown: unknown;
    try {
      principalFromAuthInfo({ clientId: 'app', extra });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnusableAuthInfoError);
    const error = thrown as UnusableAuthInfoError;
    expect(error.message).toContain(field);
    expect(error.message).not.toContain('SECRET');
    expect(error.code).toBe('TESSERA_UNUSABLE_AUTH_INFO');
  });

  it('an empty or non-string clientId is refused too', async () => {
    expect(() => principalFromAuthInfo({ clientId: '' })).toThrow(/unusable clientId \(an empty string\)/);
    expect(() => principalFromAuthInfo({ clientId: 7 as never })).toThrow(/unusable clientId \(the number 7\)/);
  });

  it('absent and null parts still mean "not given" (documented: binds to the client id alone)', async () => {
    expect(principalFromAuthInfo({ clientId: 'app', extra: { iss: null, sub: undefined } })).toBe('["app",null,null]');
  });

  it('through protectRequestState: verify refuses (principal_error, cause names the field); mint throws', async () => {
    const reasons: Array<{ reason: string; cause: unknown }> = [];
    const guard = protectRequestState(new RequestStateSecurity({ keys: [KEY_A] }), {
      audience: 'srv',
      onInvalid: (error: InvalidRequestStateError) => reasons.push({ reason: error.reason, cause: error.cause }),
    });
    const request = { target: 'deploy', arguments: {} };
    const good = {
      mcpReq: { method: 'tools/call', requestState: () => undefined },
      http: { authInfo: { clientId: 'app', extra: { sub: 'alice' } } },
    };
    const broken = { ...good, http: { authInfo: { clientId: 'app', extra: { sub: { id: 1 } } } } };
    const token = await guard.mint('s', good, request);
    await expect(guard.verify(token, broken)).rejects.toThrow('Invalid or expired requestState');
    expect(reasons).toHaveLength(1);
    expect(reasons[0]!.reason).toBe('principal_error');
    expect(reasons[0]!.cause).toBeInstanceOf(UnusableAuthInfoError);
    await expect(guard.mint('s', broken, request)).rejects.toThrow(UnusableAuthInfoError);
  });
});
