import { RequestStateSecurity, type RequestBinding } from '@tessera/request-state';
import { RedisSingleUseStore } from '@tessera/redis';
import { redisForFile } from './support/redis-for-file';

/* A real redis-server on a free loopback port, started once for this file and stopped whatever happens. */

const redis = redisForFile();
let prefixes = 0;

const KEY = 'k'.repeat(32);
const CALL: RequestBinding = { method: 'tools/call', target: 'pay', arguments: { amount: 3 }, principal: 'alice' };
const storeOf = () => new RedisSingleUseStore({ client: redis.commands.client, keyPrefix: `test:${++prefixes}:used:` });
const nonceOf = async (security: RequestStateSecurity, token: string): Promise<string> =>
  (await (security.forServer('srv') as unknown as { unseal(token: string): Promise<{ n: string }> }).unseal(token)).n;

describe('RedisSingleUseStore on a real redis-server', () => {
  test("the record expires at the token's own exp plus the 60 s skew (PXAT), not after this instance's remaining time", async () => {
    const store = storeOf();
    // This instance's clock is 5 minutes ahead: by its clock the token has 5 minutes left; by the token, 10.
    const now = Date.now();
    const ahead = new RequestStateSecurity({ keys: [KEY], ttl: 600, clock: () => now + 300_000, singleUse: store });
    const sealer = new RequestStateSecurity({ keys: [KEY], ttl: 600, clock: () => now, singleUse: store });
    const token = await sealer.forServer('srv').seal('s', CALL);
    await ahead.forServer('srv').openOnce(token, CALL);
    const key = `test:${prefixes}:used:${await nonceOf(sealer, token)}`;
    const expiresAt = Number(await redis.commands.client.sendCommand(['PEXPIRETIME', key]));
    expect(expiresAt).toBe(Math.ceil((now / 1000 + 600 + 60) * 1000));
  });

  test('two instances 30 s apart sharing Redis: the one behind refuses a replay after the token expired on the other', async () => {
    const store = storeOf();
    // Sealed 599 s ago: one second of life left on the real clock, 31 s on an instance 30 s behind.
    const sealedAt = Date.now() - 599_000;
    const first = new RequestStateSecurity({ keys: [KEY], ttl: 600, clock: () => sealedAt, singleUse: store });
    const token = await first.forServer('srv').seal({ pay: 1 }, CALL);
    let later = 0; // how far this instance's clock runs ahead of the real one
    const onTime = new RequestStateSecurity({
      keys: [KEY],
      ttl: 600,
      clock: () => Date.now() + later,
      singleUse: store,
    });
    await expect(onTime.forServer('srv').openOnce(token, CALL)).resolves.toEqual({ pay: 1 });
    later = 1500; // its last second has passed: expired on this instance's clock
    await expect(onTime.forServer('srv').openOnce(token, CALL)).rejects.toMatchObject({ reason: 'expired' });
    const behind = new RequestStateSecurity({
      keys: [KEY],
      ttl: 600,
      clock: () => Date.now() - 30_000,
      singleUse: store,
    });
    await expect(behind.forServer('srv').openOnce(token, CALL)).rejects.toMatchObject({ reason: 'replayed' });
  });

  test('release gives a consumed nonce back (DEL); of 20 concurrent consumes of one nonce exactly one wins', async () => {
    const store = storeOf();
    const until = { expiresAtMs: Date.now() + 60_000 };
    expect(await store.consume('n1', until)).toBe(true);
    await store.release('n1');
    expect(await store.consume('n1', until)).toBe(true);
    const race = await Promise.all(Array.from({ length: 20 }, () => store.consume('n2', until)));
    expect(race.filter(Boolean)).toHaveLength(1);
  });
});
