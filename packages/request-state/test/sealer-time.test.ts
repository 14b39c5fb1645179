import { RequestStateSecurity } from '@tessera/request-state';
import { aesGcmCodec } from '../src/crypto/aes-gcm-codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { CALL, KEY_A, manualClock, reasonOf } from './helpers';

const claimsOf = async (token: string) =>
  JSON.parse(Buffer.from(await aesGcmCodec(toKeyMaterial([KEY_A])).unseal(token)).toString());

describe('time window (injectable clock)', () => {
  const clock = manualClock();
  const sealer = new RequestStateSecurity({ keys: [KEY_A], ttl: 600, clock: clock.now }).forServer('srv');

  beforeEach(async () => clock.set(Date.UTC(2026, 6, 28, 12)));

  it('opens just inside the ttl and refuses at and after it (now >= exp)', async () => {
    const token = await sealer.seal('s', CALL);
    clock.advance(600_000 - 1);
    expect(await sealer.open(token, CALL)).toBe('s');
    clock.advance(1);
    expect(await reasonOf(() => sealer.open(token, CALL))).toBe('expired');
    clock.advance(3_600_000);
    expect(await reasonOf(() => sealer.open(token, CALL))).toBe('expired');
  });

  it('stamps iat and exp = iat + ttl, in seconds, fresh on every seal', async () => {
    const first = await claimsOf(await sealer.seal('s', CALL));
    clock.advance(1500);
    const second = await claimsOf(await sealer.seal('s', CALL));
    expect(first.iat).toBe(Date.UTC(2026, 6, 28, 12) / 1000);
    expect(first.exp).toBe(first.iat + 600);
    expect(second.iat).toBe(first.iat + 1.5);
    expect(second.exp).toBe(second.iat + 600);
  });

  it('a re-sealed round lives a full ttl from its own mint', async () => {
    const round1 = await sealer.seal('r1', CALL);
    clock.advance(500_000);
    expect(await sealer.open(round1, CALL)).toBe('r1');
    const round2 = await sealer.seal('r2', CALL);
    clock.advance(200_000); // round 1 is now past its ttl, round 2 is not
    expect(await reasonOf(() => sealer.open(round1, CALL))).toBe('expired');
    expect(await sealer.open(round2, CALL)).toBe('r2');
  });

  it('refuses a token minted more than 60 s in the future, tolerates 60 s of skew', async () => {
    const other = manualClock();
    const ahead = new RequestStateSecurity({ keys: [KEY_A], clock: other.now }).forServer('srv');
    other.set(clock.now() + 60_000);
    expect(await sealer.open(await ahead.seal('s', CALL), CALL)).toBe('s');
    other.set(clock.now() + 61_000);
    expect(await reasonOf(async () => sealer.open(await ahead.seal('s', CALL), CALL))).toBe('issued_in_future');
  });

  it('refuses everything when the clock reads NaN', async () => {
    const token = await sealer.seal('s', CALL);
    clock.set(NaN);
    expect(await reasonOf(() => sealer.open(token, CALL))).toBe('expired');
  });

  it('supports sub-second ttls', async () => {
    const quick = new RequestStateSecurity({ keys: [KEY_A], ttl: 0.25, clock: clock.now }).forServer('srv');
    const token = await quick.seal('s', CALL);
    clock.advance(249);
    expect(await quick.open(token, CALL)).toBe('s');
    clock.advance(1);
    expect(await reasonOf(() => quick.open(token, CALL))).toBe('expired');
  });
});
