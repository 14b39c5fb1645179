import { createApp, Ctx, Provider, Tool, silentLogger, type ExecutionContext, type TesseraApp } from '@tessera/core';
import { connectRedis, RedisEventBus, RedisTaskQueue, RedisTaskStore, type RedisConnection } from '@tessera/redis';
import { result } from '../../core/test/tasks/support/task-requests';
import { killAllRedis, runRedisServer, type RunningRedis } from './support/redis-server';

/*
 * Stopping an instance while its Redis is down: a real redis-server is stopped and the drivers (ioredis under
 * BullMQ, @redis/client) are reconnecting when `app.close()` runs. The close must not wait for Redis to come
 * back: it closes the connections and resolves within a bound, as must the closes of the connections and bus
 * the app was given.
 */

/** The queue's drain: how long the running step may take to finish once the stop begins. */
const DRAIN_MS = 500;
/** How long a close may take with Redis gone: the drain, and no reconnect attempt waited for. */
const CLOSE_BOUND_MS = DRAIN_MS + 2_500;

let bodyStarted!: () => void;

@Provider()
class Work {
  /** Runs until the stop hands its step over (its signal aborts), so a step is running when Redis goes. */
  @Tool({ task: 'required' })
  async work(@Ctx() ctx: ExecutionContext): Promise<string> {
    bodyStarted();
    await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
    return 'handed over';
  }
}

let redis: RunningRedis | undefined;
afterAll(async () => {
  await redis?.stop();
  killAllRedis();
});

test('app.close() while Redis is down and a step runs resolves within the bound, then so do the connections and the bus', async () => {
  redis = await runRedisServer();
  const url = redis.url;
  let noticed!: () => void;
  const queueNoticed = new Promise<void>((resolve) => (noticed = resolve));
  const connections: RedisConnection[] = [
    await connectRedis(url),
    await connectRedis(url),
    await connectRedis(url),
    await connectRedis(url),
  ];
  const [commands, subscriber, publisher, busSubscriber] = connections.map((c) => c.client);
  const store = await RedisTaskStore.start({ client: commands!, subscriber: subscriber! });
  const queue = await RedisTaskQueue.connect({ url, store, drainMs: DRAIN_MS, onError: () => noticed() });
  const events = await RedisEventBus.start({ publisher: publisher!, subscriber: busSubscriber! });
  const app: TesseraApp = createApp({
    name: 'closing',
    version: '1',
    providers: [Work],
    logger: silentLogger,
    events,
    tasks: { store, queue },
  });
  const running = new Promise<void>((resolve) => (bodyStarted = resolve));
  await result(app, 'tools/call', { name: 'work', arguments: {} });
  await running;

  await redis.stop();
  await queueNoticed; // ioredis saw the connection drop and is reconnecting

  const started = Date.now();
  await app.close();
  await events.stop();
  await Promise.all(connections.map((c) => c.close()));
  expect(Date.now() - started).toBeLessThan(CLOSE_BOUND_MS);
}, 30_000);
