import { IdempotencyKeyReusedError, RequestStateSecurity, type RequestBinding } from '@tessera/request-state';
import { RedisSingleUseStore } from '@tessera/redis';
import { redisForFile } from './support/redis-for-file';

/* Idempotent first legs (calls carrying no state) on a real redis-server on a free loopback port, started once for this file and stopped whatever happens. */

const redis = redisForFile();
let prefixes = 0;

const KEY = 'k'.repeat(32);
const CALL_KEY = 'call-key-0123456789abcdef';
const charge = (amount: number): RequestBinding => ({
  method: 'tools/call',
  target: 'charge',
  arguments: { amount },
  principal: 'alice',
});
const prefix = () => `test:first-legs:${++prefixes}:used:`;

/** Two instances of one fleet: the same keys, one Redis. */
function fleet(keyPrefix: string, legs: { leaseMs?: number; waitMs?: number; firstLegWindowMs?: number } = {}) {
  const instance = () =>
    new RequestStateSecurity({
      keys: [KEY],
      singleUse: new RedisSingleUseStore({ client: redis.commands.client, keyPrefix }),
      idempotentLegs: { firstLegWindowMs: 60_000, ...legs },
    }).forServer('srv');
  return [instance(), instance()] as const;
}

describe('RedisSingleUseStore: idempotent first legs on a real redis-server', () => {
  test('a resend on another instance gets the recorded answer; Redis holds it sealed, kept for the window', async () => {
    const keyPrefix = prefix();
    const [a, b] = fleet(keyPrefix);
    const before = Date.now();
    const first = await a.claimFirstLeg(charge(5), CALL_KEY);
    expect(first).toMatchObject({ run: { rerun: false } });
    const answer = { result: { content: [{ type: 'text', text: 'charged card 4242-SECRET' }] } };
    await (first as { run: { finish(a: unknown): Promise<void> } }).run.finish(answer);
    expect(await b.claimFirstLeg(charge(5), CALL_KEY)).toEqual({ recorded: answer });
    const keys = (await redis.commands.client.sendCommand(['KEYS', `${keyPrefix}*`])) as string[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('alice');
    expect(keys[0]).not.toContain(CALL_KEY);
    const stored = String(await redis.commands.client.sendCommand(['GET', keys[0]!]));
    expect(stored.startsWith(`d|${CALL_KEY}.`)).toBe(true);
    expect(stored).not.toContain('4242');
    const expiry = Number(await redis.commands.client.sendCommand(['PEXPIRETIME', keys[0]!]));
    expect(expiry).toBeGreaterThanOrEqual(before + 60_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  test('the same key with other arguments, on any instance, is IdempotencyKeyReusedError', async () => {
    const [a, b] = fleet(prefix());
    await a.claimFirstLeg(charge(5), CALL_KEY);
    await expect(b.claimFirstLeg(charge(6), CALL_KEY)).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  test('a run whose instance died (its lease lapsed on Redis) is taken over by the resend; the first answer wins', async () => {
    const [a, b] = fleet(prefix(), { leaseMs: 300, waitMs: 5000 });
    const dead = (await a.claimFirstLeg(charge(5), CALL_KEY)) as {
      run: { end(): void; finish(a: unknown): Promise<void> };
    };
    dead.run.end(); // stops renewing, as a killed instance does
    const started = Date.now();
    const rerun = await b.claimFirstLeg(charge(5), CALL_KEY); // waits on the live lease, then takes it
    expect(rerun).toMatchObject({ run: { rerun: true } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await (rerun as { run: { finish(a: unknown): Promise<void> } }).run.finish({ result: 'second' }); // stored in Redis when it resolves
    expect(await a.claimFirstLeg(charge(5), CALL_KEY)).toEqual({ recorded: { result: 'second' } });
  });
});
