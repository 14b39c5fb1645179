import { RequestStateSecurity, type RequestStateCodec } from '@tessera/request-state';
import { CALL, manualClock, reasonOf } from './helpers';

// #14 item 4: expiry claims are checked as numbers. A codec that only encodes (authenticates nothing, the
// worst custom codec) lets the test write any claims; the sealer must still refuse eternal tokens.
const plainCodec: RequestStateCodec = {
  seal: (bytes) => Buffer.from(bytes).toString('base64url'),
  unseal: (token) => Buffer.from(token, 'base64url'),
};

describe('exp must be finite and at most ttl after iat', () => {
  const clock = manualClock();
  const sealer = new RequestStateSecurity({ codec: plainCodec, ttl: 600, clock: clock.now, audience: 'srv' }).forServer(
    undefined,
  );
  let claims: { iat: number; exp: number } = { iat: 0, exp: 0 };
  beforeAll(async () => {
    claims = JSON.parse(Buffer.from(await sealer.seal('s', CALL), 'base64url').toString());
  });
  const forge = (json: string) => Buffer.from(json).toString('base64url');
  const withExp = (exp: string) => forge(JSON.stringify({ ...claims, exp: 0 }).replace('"exp":0', `"exp":${exp}`));

  it('an honest token opens', async () => {
    expect(await sealer.open(forge(JSON.stringify(claims)), CALL)).toBe('s');
  });

  it('refuses exp = 1e999 (JSON reads it as Infinity)', async () => {
    expect(await reasonOf(() => sealer.open(withExp('1e999'), CALL))).toBe('bad_time');
  });

  it('refuses iat = -1e999', async () => {
    expect(
      await reasonOf(() =>
        sealer.open(forge(JSON.stringify({ ...claims, iat: 0 }).replace('"iat":0', '"iat":-1e999')), CALL),
      ),
    ).toBe('bad_time');
  });

  it('refuses an exp further than the ttl past iat, even while it is still in the future', async () => {
    expect(await reasonOf(() => sealer.open(withExp(String(claims.iat + 600.001)), CALL))).toBe('exp_beyond_ttl');
    expect(await reasonOf(() => sealer.open(withExp(String(claims.iat + 10 * 365 * 86400)), CALL))).toBe(
      'exp_beyond_ttl',
    );
    expect(await sealer.open(withExp(String(claims.iat + 599)), CALL)).toBe('s');
  });

  it('fractional iat and ttl: every honest seal passes the check (same arithmetic on both sides)', async () => {
    const odd = new RequestStateSecurity({ codec: plainCodec, ttl: 0.3, clock: clock.now, audience: 'srv' }).forServer(
      undefined,
    );
    for (let i = 0; i < 500; i += 1) {
      clock.advance(7.3);
      expect(await odd.open(await odd.seal(i, CALL), CALL)).toBe(i);
    }
  });
});
