import { EventEmitter } from 'node:events';
import { inject } from 'tsyringe';
import { Provider, Tool, createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { stopOnSignals } from '@tessera/core/node';
import { RedisTaskQueue, RedisTaskStore, connectRedis, type RedisConnection } from '@tessera/redis';
import { result } from '../../core/test/tasks/support/task-requests';
import { killAllRedis, runRedisServer, type RunningRedis } from './support/redis-server';

/* Two apps sharing a real redis-server's task store and queue; SIGTERM (a test signal source) stops one mid-body. */

let redis: RunningRedis;
const connections: RedisConnection[] = [];
const apps: TesseraApp[] = [];

beforeAll(async () => {
  redis = await runRedisServer();
});

afterAll(async () => {
  await Promise.allSettled(apps.map((a) => a.close()));
  await Promise.allSettled(connections.map((c) => c.close()));
  await redis?.stop();
  killAllRedis();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Which instance ran the body of `work`, once per run. */
const runs: string[] = [];

const INSTANCE = Symbol('instance');

@Provider()
class Work {
  constructor(@inject(INSTANCE) private readonly instance: string) {}

  @Tool({ task: 'required' })
  async work(): Promise<string> {
    runs.push(this.instance);
    await sleep(1_500);
    return `done on ${this.instance}`;
  }
}

async function instance(name: string): Promise<TesseraApp> {
  const commands = await connectRedis(redis.url);
  const subscriber = await connectRedis(redis.url);
  connections.push(commands, subscriber);
  const store = await RedisTaskStore.start({ client: commands.client, subscriber: subscriber.client });
  const queue = await RedisTaskQueue.connect({ url: redis.url, store, lockDurationMs: 1_000, stalledIntervalMs: 500 });
  const app = createApp({
    name: 'stop',
    version: '1',
    providers: [Work],
    services: [{ token: INSTANCE, useValue: name }],
    logger: silentLogger,
    tasks: { store, queue, pollIntervalMs: 50 },
  });
  apps.push(app);
  return app;
}

test('SIGTERM during a task body: the body finishes on its instance within the drain, and never runs again', async () => {
  const a = await instance('a');
  const b = await instance('b');
  const { taskId } = await result(a, 'tools/call', { name: 'work', arguments: {} });
  const deadline = Date.now() + 10_000;
  while (runs.length === 0 && Date.now() < deadline) await sleep(10);
  const ranOn = runs[0];
  const stopping = ranOn === 'a' ? a : b;
  const signals = new EventEmitter();
  const exits: number[] = [];
  stopOnSignals(stopping, { exitDeadlineMs: 10_000, exit: (code) => exits.push(code) }, signals);
  signals.emit('SIGTERM', 'SIGTERM');
  const survivor = stopping === a ? b : a;
  let done = await result(survivor, 'tasks/get', { taskId });
  while (done.status === 'working' && Date.now() < deadline) {
    await sleep(50);
    done = await result(survivor, 'tasks/get', { taskId });
  }
  expect(done).toMatchObject({
    status: 'completed',
    result: { content: [{ type: 'text', text: `done on ${ranOn}` }] },
  });
  while (exits.length === 0 && Date.now() < deadline) await sleep(10);
  expect(exits).toEqual([0]);
  await sleep(2_000); // more than lockDurationMs + stalledIntervalMs: a handed-over or recovered step would have run
  expect(runs).toEqual([ranOn]);
});
