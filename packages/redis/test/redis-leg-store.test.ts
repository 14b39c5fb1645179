import { RequestStateSecurity, type RequestBinding } from '@tessera/request-state';
import { RedisSingleUseStore } from '@tessera/redis';
import { redisForFile } from './support/redis-for-file';

/* Idempotent legs on a real redis-server on a free loopback port, started once for this file and stopped whatever happens. */

const redis = redisForFile();
let prefixes = 0;

const KEY = 'k'.repeat(32);
const CALL: RequestBinding = { method: 'tools/call', target: 'pay', arguments: { amount: 3 }, principal: 'alice' };
const prefix = () => `test:legs:${++prefixes}:used:`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RedisSingleUseStore: idempotent legs on a real redis-server', () => {
  test('claim, wait on a live lease, take over a lapsed one, record the first answer, refuse other keys', async () => {
    const store = new RedisSingleUseStore({ client: redis.commands.client, keyPrefix: prefix() });
    const expiresAtMs = Date.now() + 60_000;
    const claim = (key: string, owner: string, leaseMs = 300) =>
      store.claimLeg('n1', { key, owner, leaseMs, expiresAtMs });
    expect(await claim('key-1', 'o1')).toEqual({ status: 'run', rerun: false });
    expect(await claim('key-1', 'o2')).toEqual({ status: 'running' });
    expect(await claim('key-2', 'o2')).toEqual({ status: 'replayed' });
    expect(await store.consume('n1', { expiresAtMs })).toBe(false);
    expect(await store.renewLeg('n1', { owner: 'o1', leaseMs: 300 })).toBe(true);
    await sleep(450); // o1 stops renewing: its lease lapses on Redis's clock
    expect(await claim('key-1', 'o2')).toEqual({ status: 'run', rerun: true });
    expect(await store.renewLeg('n1', { owner: 'o1', leaseMs: 300 })).toBe(false);
    await store.finishLeg('n1', { key: 'key-1', owner: 'o2', answer: 'sealed|with|bars' });
    await store.finishLeg('n1', { key: 'key-1', owner: 'o1', answer: 'late' });
    expect(await claim('key-1', 'o3')).toEqual({ status: 'done', answer: 'sealed|with|bars' });
    expect(await claim('key-2', 'o3')).toEqual({ status: 'replayed' });
    // every write kept the token's absolute expiry
    const pexpiretime = Number(
      await redis.commands.client.sendCommand(['PEXPIRETIME', `test:legs:${prefixes}:used:n1`]),
    );
    expect(pexpiretime).toBe(expiresAtMs);
  });

  test('a token consumed without a key is a replay to a keyed claim; of 20 concurrent claims exactly one runs', async () => {
    const store = new RedisSingleUseStore({ client: redis.commands.client, keyPrefix: prefix() });
    const expiresAtMs = Date.now() + 60_000;
    expect(await store.consume('n2', { expiresAtMs })).toBe(true);
    expect(await store.claimLeg('n2', { key: 'key-1', owner: 'o', leaseMs: 1000, expiresAtMs })).toEqual({
      status: 'replayed',
    });
    const race = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.claimLeg('n3', { key: 'key-1', owner: `o${i}`, leaseMs: 5000, expiresAtMs }),
      ),
    );
    expect(race.filter((r) => r.status === 'run')).toHaveLength(1);
    expect(race.filter((r) => r.status === 'running')).toHaveLength(19);
  });

  test('through RequestStateSecurity: a resend on another instance gets the answer, and Redis holds it sealed', async () => {
    const keyPrefix = prefix();
    const instance = () =>
      new RequestStateSecurity({
        keys: [KEY],
        singleUse: new RedisSingleUseStore({ client: redis.commands.client, keyPrefix }),
      }).forServer('srv');
    const [a, b] = [instance(), instance()];
    const token = await a.seal({ step: 2 }, CALL);
    const legKey = 'leg-key-0123456789abcdef';
    const first = await a.openLeg(token, CALL, legKey);
    expect(first).toMatchObject({ state: { step: 2 }, run: { rerun: false } });
    const answer = { result: { content: [{ type: 'text', text: 'paid with card 4242-SECRET' }] } };
    await first.run!.finish(answer);
    expect(await b.openLeg(token, CALL, legKey)).toEqual({ recorded: answer });
    await expect(b.openLeg(token, CALL, 'leg-key-other-0123456789')).rejects.toMatchObject({ reason: 'replayed' });
    const keys = (await redis.commands.client.sendCommand(['KEYS', `${keyPrefix}*`])) as string[];
    expect(keys).toHaveLength(1);
    const stored = String(await redis.commands.client.sendCommand(['GET', keys[0]!]));
    expect(stored.startsWith(`d|${legKey}|`)).toBe(true);
    expect(stored).not.toContain('4242');
    expect(stored).not.toContain('paid');
  });
});
