import { principalFromAuthInfo } from '@tessera/request-state';

describe('principalFromAuthInfo', () => {
  test('client, issuer and subject, from either spelling', async () => {
    expect(principalFromAuthInfo({ clientId: 'app', extra: { issuer: 'https://idp', subject: 'u1' } })).toBe(
      '["app","https://idp","u1"]',
    );
    expect(principalFromAuthInfo({ clientId: 'app', extra: { iss: 'https://idp', sub: 'u1' } })).toBe(
      '["app","https://idp","u1"]',
    );
  });

  test('a numeric subject still binds to that user', async () => {
    const one = principalFromAuthInfo({ clientId: 'app', extra: { iss: 'https://idp', sub: 1 } });
    const two = principalFromAuthInfo({ clientId: 'app', extra: { iss: 'https://idp', sub: 2 } });
    expect(one).not.toBe(two);
    expect(one).toBe('["app","https://idp","1"]');
  });

  test('an unusable issuer key does not hide a usable iss', async () => {
    expect(
      principalFromAuthInfo({ clientId: 'app', extra: { issuer: { bad: true }, iss: 'https://idp', sub: 'u' } }),
    ).toBe('["app","https://idp","u"]');
  });

  test('without a subject the client id alone binds; without auth there is no principal', async () => {
    expect(principalFromAuthInfo({ clientId: 'app' })).toBe('["app",null,null]');
    expect(principalFromAuthInfo(undefined)).toBeNull();
  });
});
