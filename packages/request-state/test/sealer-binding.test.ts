import { principalFromAuthInfo, RequestStateSecurity, type RequestBinding } from '@tessera/request-state';
import { aesGcmCodec } from '../src/crypto/aes-gcm-codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { CALL, KEY_A, reasonOf } from './helpers';

const security = new RequestStateSecurity({ keys: [KEY_A] });
const sealer = security.forServer('srv');
const claimsOf = async (token: string) =>
  JSON.parse(Buffer.from(await aesGcmCodec(toKeyMaterial([KEY_A])).unseal(token)).toString());

describe('request binding', () => {
  let token = '';
  beforeAll(async () => {
    token = await sealer.seal({ step: 1 }, CALL);
  });

  it('opens on the same request, whatever the key order of the arguments', async () => {
    expect(await sealer.open(token, { ...CALL, arguments: { n: 3, region: 'eu' } })).toEqual({ step: 1 });
  });

  it.each<[string, RequestBinding, string]>([
    ['another tool', { ...CALL, target: 'destroy' }, 'target_mismatch'],
    ['other arguments', { ...CALL, arguments: { region: 'us', n: 3 } }, 'arguments_mismatch'],
    ['an extra argument', { ...CALL, arguments: { region: 'eu', n: 3, force: true } }, 'arguments_mismatch'],
    ['a number as a string', { ...CALL, arguments: { region: 'eu', n: '3' } }, 'arguments_mismatch'],
    ['another method', { ...CALL, method: 'prompts/get' }, 'method_mismatch'],
  ])('refuses %s', async (_, binding, reason) => {
    expect(await reasonOf(() => sealer.open(token, binding))).toBe(reason);
  });

  it('refuses arguments JSON cannot carry with the fixed error, not another exception type', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(await reasonOf(() => sealer.open(token, { ...CALL, arguments: { n: 10n } }))).toBe('arguments_mismatch');
    expect(await reasonOf(() => sealer.open(token, { ...CALL, arguments: cyclic }))).toBe('arguments_mismatch');
  });

  it('treats absent, null and {} arguments as the same request, and nothing else', async () => {
    const bare = { method: 'resources/read', target: 'file:///a' } as const;
    for (const sealed of [undefined, null, {}]) {
      const t = await sealer.seal('s', { ...bare, arguments: sealed });
      for (const opened of [undefined, null, {}])
        expect(await sealer.open(t, { ...bare, arguments: opened })).toBe('s');
      expect(await reasonOf(() => sealer.open(t, { ...bare, arguments: { a: null } }))).toBe('arguments_mismatch');
      expect(await reasonOf(() => sealer.open(t, { ...bare, arguments: { a: {} } }))).toBe('arguments_mismatch');
    }
  });

  it('keeps lone surrogates in arguments, state and principal distinct', async () => {
    const t = await sealer.seal('a\ud800', { ...CALL, arguments: { q: 'a\ud800' }, principal: 'p\udc00' });
    expect(await sealer.open(t, { ...CALL, arguments: { q: 'a\ud800' }, principal: 'p\udc00' })).toBe('a\ud800');
    expect(await reasonOf(() => sealer.open(t, { ...CALL, arguments: { q: 'a\udfff' }, principal: 'p\udc00' }))).toBe(
      'arguments_mismatch',
    );
    expect(await reasonOf(() => sealer.open(t, { ...CALL, arguments: { q: 'a\ufffd' }, principal: 'p\udc00' }))).toBe(
      'arguments_mismatch',
    );
    expect(await reasonOf(() => sealer.open(t, { ...CALL, arguments: { q: 'a\ud800' }, principal: 'p\udc01' }))).toBe(
      'principal_mismatch',
    );
  });

  it('stamps exactly the documented claim set', async () => {
    const claims = await claimsOf(await sealer.seal({ k: 'v' }, { ...CALL, principal: 'alice' }));
    expect(Object.keys(claims).sort()).toEqual(['a', 'aud', 'exp', 'iat', 'm', 'p', 's', 't', 'v']);
    expect(claims).toMatchObject({ v: 1, m: 'tools/call', t: 'deploy', aud: 'srv', s: { k: 'v' } });
    expect(claims.a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(claims)).not.toContain('alice');
    expect(Object.keys(await claimsOf(await sealer.seal(1, CALL)))).not.toContain('p');
  });

  it('refuses to seal what JSON cannot carry', async () => {
    await expect(sealer.seal(undefined, CALL)).rejects.toThrow(TypeError);
    await expect(sealer.seal(() => 1, CALL)).rejects.toThrow(TypeError);
    await expect(sealer.seal(10n, CALL)).rejects.toThrow(TypeError);
  });
});

describe('principal binding', () => {
  const alice = principalFromAuthInfo({ clientId: 'app', extra: { iss: 'https://idp', sub: 'alice' } });
  const bob = principalFromAuthInfo({ clientId: 'app', extra: { iss: 'https://idp', sub: 'bob' } });

  it('refuses another subject with the same client id', async () => {
    const token = await sealer.seal('s', { ...CALL, principal: alice });
    expect(await sealer.open(token, { ...CALL, principal: alice })).toBe('s');
    expect(await reasonOf(() => sealer.open(token, { ...CALL, principal: bob }))).toBe('principal_mismatch');
  });

  it('refuses drift both ways', async () => {
    const bound = await sealer.seal('s', { ...CALL, principal: alice });
    const unbound = await sealer.seal('s', { ...CALL, principal: null });
    expect(await reasonOf(() => sealer.open(bound, { ...CALL, principal: null }))).toBe('principal_drift');
    expect(await reasonOf(() => sealer.open(bound, CALL))).toBe('principal_drift');
    expect(await reasonOf(() => sealer.open(unbound, { ...CALL, principal: alice }))).toBe('principal_drift');
    expect(await sealer.open(unbound, CALL)).toBe('s');
  });

  it('salts the claim: two tokens for one principal carry different claims', async () => {
    const one = await claimsOf(await sealer.seal('s', { ...CALL, principal: alice }));
    const two = await claimsOf(await sealer.seal('s', { ...CALL, principal: alice }));
    expect(one.p).not.toBe(two.p);
    expect(one.p).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('derives [clientId, issuer, subject] from auth info', async () => {
    expect(principalFromAuthInfo(undefined)).toBeNull();
    expect(principalFromAuthInfo({ clientId: 'c' })).toBe('["c",null,null]');
    expect(principalFromAuthInfo({ clientId: 'c', extra: { issuer: 'i', subject: 's', iss: 'x', sub: 'y' } })).toBe(
      '["c","i","s"]',
    );
    expect(principalFromAuthInfo({ clientId: 'c', extra: { iss: 'x', sub: 'y' } })).toBe('["c","x","y"]');
    // JSON keeps components apart: no separator games
    expect(principalFromAuthInfo({ clientId: 'a","b', extra: {} })).not.toBe(
      principalFromAuthInfo({ clientId: 'a', extra: { iss: 'b' } }),
    );
  });
});

describe('audience', () => {
  it('two servers sharing a key refuse each other’s tokens', async () => {
    const billing = security.forServer('billing');
    const shipping = security.forServer('shipping');
    expect(await reasonOf(async () => shipping.open(await billing.seal('s', CALL), CALL))).toBe('audience_mismatch');
    expect(await reasonOf(async () => billing.open(await shipping.seal('s', CALL), CALL))).toBe('audience_mismatch');
  });

  it('refuses drift both ways (a token with an audience vs a sealer without, and back)', async () => {
    const withAudience = RequestStateSecurity.ephemeral();
    const named = withAudience.forServer('srv');
    const unnamed = withAudience.forServer(undefined);
    expect(await reasonOf(async () => unnamed.open(await named.seal('s', CALL), CALL))).toBe('audience_drift');
    expect(await reasonOf(async () => named.open(await unnamed.seal('s', CALL), CALL))).toBe('audience_drift');
  });
});
