import { RedisTaskStore, connectRedis, type RedisConnection } from '@tessera/redis';
import {
  describeTaskStoreContract,
  sampleTask,
  UNCAPPED,
  type ContractClock,
} from '../../core/test/support/task-store-contract';
import { killAllRedis, runRedisServer, type RunningRedis } from './support/redis-server';

/* A real redis-server on a free loopback port, started once for this file and stopped whatever happens. */

let redis: RunningRedis;
let commands: RedisConnection;
let subscriber: RedisConnection;
let prefixes = 0;

beforeAll(async () => {
  redis = await runRedisServer();
  commands = await connectRedis(redis.url);
  subscriber = await connectRedis(redis.url);
});

afterAll(async () => {
  await commands?.close();
  await subscriber?.close();
  await redis?.stop();
  killAllRedis();
});

/** A store of its own (key prefix and channel) on the shared server, so tests never see each other's tasks. */
async function storeOn(clock?: ContractClock, suffix = `${++prefixes}`): Promise<RedisTaskStore> {
  return RedisTaskStore.start({
    client: commands.client,
    subscriber: subscriber.client,
    keyPrefix: `test:${suffix}:task:`,
    channel: `test:${suffix}:tasks`,
    now: clock?.now,
  });
}

/**
 * Pub/sub delivers on another connection. Redis answers a connection's commands in order, and what it
 * published is sent to the subscriber before the reply to a later PING there: once that reply is read,
 * every message published before it has been read (and handed to its listener) too.
 */
const settle = async () => {
  await commands.client.sendCommand(['PING']);
  await subscriber.client.sendCommand(['PING']);
};

describeTaskStoreContract('RedisTaskStore', (clock) => storeOn(clock), settle);

describe('RedisTaskStore on a real redis-server', () => {
  it('refuses a second task under an id it already holds', async () => {
    const store = await storeOn();
    await store.create(sampleTask({ createdAt: Date.now() }), UNCAPPED);
    await expect(store.create(sampleTask({ createdAt: Date.now() }), UNCAPPED)).rejects.toThrow('task id collision');
    await store.close();
  });

  it('gives the key the task remaining life, so Redis drops it at createdAt + ttlMs', async () => {
    const store = await storeOn(undefined, 'ttl');
    const created = Date.now() - 10_000;
    await store.create(sampleTask({ createdAt: created, ttlMs: 70_000 }), UNCAPPED);
    const pttl = Number(await commands.client.sendCommand(['PTTL', 'test:ttl:task:AAAAAAAAAAAAAAAAAAAAAA']));
    expect(pttl).toBeGreaterThan(55_000);
    expect(pttl).toBeLessThanOrEqual(60_000);
    await store.update('AAAAAAAAAAAAAAAAAAAAAA', { statusMessage: 'a write keeps the expiry' });
    const after = Number(await commands.client.sendCommand(['PTTL', 'test:ttl:task:AAAAAAAAAAAAAAAAAAAAAA']));
    expect(after).toBeGreaterThan(50_000);
    expect(after).toBeLessThanOrEqual(pttl);
    await store.close();
  });

  it('a key Redis has expired reads as unknown', async () => {
    const store = await storeOn();
    await store.create(sampleTask({ createdAt: Date.now(), ttlMs: 40 }), UNCAPPED);
    await new Promise((r) => setTimeout(r, 80));
    expect(await store.load('AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
    expect(await store.answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', {})).toEqual({ kind: 'unknown' });
    await store.close();
  });

  it('two instances (two stores, two connections) share tasks and each hears the other changes', async () => {
    const other = await connectRedis(redis.url);
    const otherSubscriber = await connectRedis(redis.url);
    const a = await storeOn(undefined, 'shared');
    const b = await RedisTaskStore.start({
      client: other.client,
      subscriber: otherSubscriber.client,
      keyPrefix: 'test:shared:task:',
      channel: 'test:shared:tasks',
    });
    try {
      const heardOnB: string[] = [];
      b.watch((t) => heardOnB.push(t.status));
      await a.create(sampleTask({ createdAt: Date.now() }), UNCAPPED);
      await a.update('AAAAAAAAAAAAAAAAAAAAAA', {
        status: 'input_required',
        inputRequests: {
          q: {
            method: 'elicitation/create',
            params: { mode: 'form', message: '?', requestedSchema: { type: 'object', properties: {} } },
          },
        },
      });
      const onB = await b.answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', { q: { action: 'accept', content: {} } });
      expect(onB).toMatchObject({ kind: 'recorded', resume: true });
      expect((await a.load('AAAAAAAAAAAAAAAAAAAAAA'))?.inputResponses).toEqual({
        q: { action: 'accept', content: {} },
      });
      expect((await b.cancel('AAAAAAAAAAAAAAAAAAAAAA', 'mallory')).kind).toBe('unknown');
      await settle();
      expect(heardOnB).toEqual(['working', 'input_required', 'working']);
    } finally {
      await a.close();
      await b.close();
      await other.close();
      await otherSubscriber.close();
    }
  });

  it('concurrent creations from two connections never pass a cap nor make two tasks under one key', async () => {
    const other = await connectRedis(redis.url);
    const a = await storeOn(undefined, 'create-race');
    const b = await RedisTaskStore.start({
      client: other.client,
      subscriber: subscriber.client,
      keyPrefix: 'test:create-race:task:',
      channel: 'test:create-race:tasks-b',
    });
    const id = (n: number) => `R${String(n).padStart(21, '0')}`;
    try {
      const capped = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          (n % 2 ? a : b).create(sampleTask({ taskId: id(n), createdAt: Date.now() }), {
            caps: { perOwner: 5, total: 100 },
          }),
        ),
      );
      expect(capped.filter((o) => o.kind === 'created')).toHaveLength(5);
      expect(capped.filter((o) => o.kind === 'over-cap')).toHaveLength(15);
      const keyed = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          (n % 2 ? a : b).create(sampleTask({ taskId: id(100 + n), owner: 'bob', createdAt: Date.now() }), {
            ...UNCAPPED,
            idempotency: { name: 'one-key', digest: 'same-args' },
          }),
        ),
      );
      expect(keyed.filter((o) => o.kind === 'created')).toHaveLength(1);
      const ids = new Set(keyed.map((o) => (o.kind === 'existing' ? o.task.taskId : o.kind)));
      expect(ids.size).toBe(2); // 'created' and the one task every other call was answered with
    } finally {
      await a.close();
      await b.close();
      await other.close();
    }
  });

  it('of many concurrent writers from two connections, every answer lands and exactly one resumes', async () => {
    const other = await connectRedis(redis.url);
    const a = await storeOn(undefined, 'race');
    const b = await RedisTaskStore.start({
      client: other.client,
      subscriber: subscriber.client,
      keyPrefix: 'test:race:task:',
      channel: 'test:race:tasks-b',
    });
    try {
      await a.create(sampleTask({ createdAt: Date.now() }), UNCAPPED);
      const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
      const question = {
        method: 'elicitation/create' as const,
        params: { mode: 'form' as const, message: '?', requestedSchema: { type: 'object' as const, properties: {} } },
      };
      await a.update('AAAAAAAAAAAAAAAAAAAAAA', {
        status: 'input_required',
        inputRequests: Object.fromEntries(keys.map((k) => [k, question])),
      });
      const outcomes = await Promise.all(
        keys.map((k, i) => (i % 2 ? a : b).answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', { [k]: i })),
      );
      expect(outcomes.filter((o) => o.kind === 'recorded' && o.resume)).toHaveLength(1);
      const after = await a.load('AAAAAAAAAAAAAAAAAAAAAA');
      expect(after?.status).toBe('working');
      expect(after?.inputResponses).toEqual(Object.fromEntries(keys.map((k, i) => [k, i])));
    } finally {
      await a.close();
      await b.close();
      await other.close();
    }
  });

  it('keeps JSON exactly: empty arrays, nested objects and large numbers round-trip', async () => {
    const store = await storeOn();
    const result = { content: [], structuredContent: { list: [], nested: { deep: [{}] }, big: 1234567890123456 } };
    await store.create(sampleTask({ createdAt: Date.now() }), UNCAPPED);
    await store.update('AAAAAAAAAAAAAAAAAAAAAA', { status: 'completed', result });
    expect((await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'alice'))?.result).toEqual(result);
    await store.close();
  });

  it('drops a message on its channel that is not a task, and says so without its contents', async () => {
    const errors: string[] = [];
    const store = await RedisTaskStore.start({
      client: commands.client,
      subscriber: subscriber.client,
      keyPrefix: 'test:junk:task:',
      channel: 'test:junk:tasks',
      onError: (e) => errors.push(e.message),
    });
    const heard: unknown[] = [];
    store.watch((t) => heard.push(t));
    await commands.client.sendCommand(['PUBLISH', 'test:junk:tasks', 'secret answer {']);
    await commands.client.sendCommand(['PUBLISH', 'test:junk:tasks', '{"secret":"answer"}']);
    await settle();
    expect(heard).toEqual([]);
    expect(errors).toEqual([
      'RedisTaskStore: a message on test:junk:tasks is not JSON; dropped',
      'RedisTaskStore: a message on test:junk:tasks is not a task; dropped',
    ]);
    await store.close();
  });

  it('refuses a client that is not a Redis client, naming the option', async () => {
    await expect(RedisTaskStore.start({ client: {} as never, subscriber: subscriber.client })).rejects.toThrow(
      'RedisTaskStore: client must be a Redis client',
    );
    await expect(RedisTaskStore.start({ client: commands.client, subscriber: {} as never })).rejects.toThrow(
      'RedisTaskStore: subscriber must be',
    );
  });
});
