import { IsString } from 'class-validator';
import { createApp, Elicit, Field, Provider, Tool, type LogFields, type Logger, type TesseraApp } from '@tessera/core';
import { MemoryTaskStore } from '@tessera/core/advanced';
import { connectRedis, RedisTaskQueue, RedisTaskStore, type RedisConnection } from '@tessera/redis';
import { sendRaw } from '@tessera/testing';
import { failure, request, result, TASKS_AND_ELICIT, waitFor } from '../../core/test/tasks/support/task-requests';
import { killAllRedis, runRedisServer, type RunningRedis } from './support/redis-server';

/*
 * Every task surface while the task store and queue's Redis is down: a real redis-server, killed mid-test. Each
 * answers the retryable -31503 with retryAfterMs, as a single-use leg does, and nothing of the driver's own
 * text reaches the wire; the server log has it, under the reference the answer names.
 */

class Named {
  @Field() @IsString() name!: string;
}

@Provider()
class Desk {
  @Tool({ task: 'required' })
  confirm(@Elicit({ key: 'who', message: 'Who confirms?', schema: Named }) who: Named): string {
    return `confirmed by ${who.name}`;
  }
}

/** What the drivers say while Redis is down (@redis/client, ioredis, BullMQ); none of it may reach a client. */
const DRIVER_TEXT = /offline|ECONN|writeable|closed|socket|retries|redis|bullmq|unreachable/i;

const RETRYABLE = { code: -31503, data: { reason: 'store_unavailable', retryAfterMs: 1000 } };

class RecordingLogger implements Logger {
  readonly errors: Array<{ message: string; fields: LogFields }> = [];
  debug(): void {}
  info(): void {}
  warn(): void {}
  error(message: string, fields: LogFields = {}): void {
    this.errors.push({ message, fields });
  }
}

let redis: RunningRedis;
/** Whether the test left Redis down (it is brought back for the next test; a close during the outage is redis-task-close-outage.test.ts's). */
let down = false;
const connections: RedisConnection[] = [];
const apps: TesseraApp[] = [];
let names = 0;

beforeEach(async () => {
  redis = await runRedisServer();
});
afterEach(async () => {
  if (down) await restartRedis();
  down = false;
  await Promise.allSettled(apps.splice(0).map((app) => app.close()));
  await Promise.allSettled(connections.splice(0).map((c) => c.close()));
  await redis?.stop();
});
afterAll(() => killAllRedis());

/** An app whose tasks live in this test's Redis (the store too, unless `memoryStore`), logging to `logger`. */
async function deskOn(logger: RecordingLogger, memoryStore = false): Promise<TesseraApp> {
  const name = `outage-${++names}`;
  const store = memoryStore
    ? new MemoryTaskStore()
    : await RedisTaskStore.start({
        client: await connected(),
        subscriber: await connected(),
        keyPrefix: `${name}:task:`,
        channel: `${name}:tasks`,
      });
  const queue = await RedisTaskQueue.connect({ url: redis.url, store, queueName: name, onError: () => undefined });
  const app = createApp({
    name: 'desk',
    version: '1',
    providers: [Desk],
    logger,
    tasks: { store, queue, pollIntervalMs: 20 },
  });
  apps.push(app);
  return app;
}

/** Sends the creating call until the app serves it again (Redis back, its drivers reconnected). */
async function untilServed(app: TesseraApp): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const sent = await request(app, 'tools/call', { name: 'confirm', arguments: {} }, TASKS_AND_ELICIT);
    if (!sent.body.error) return;
    expect(sent.body.error).toMatchObject(RETRYABLE);
    if (Date.now() > deadline) throw new Error('the app was not served again within 20 s of Redis coming back');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopRedis(): Promise<void> {
  down = true;
  await redis.stop();
}

async function restartRedis(): Promise<void> {
  redis = await runRedisServer({ port: redis.port });
  down = false;
}

async function connected() {
  const connection = await connectRedis(redis.url);
  connections.push(connection);
  return connection.client;
}

async function parkedTask(app: TesseraApp): Promise<string> {
  const { taskId } = await result(app, 'tools/call', { name: 'confirm', arguments: {} }, TASKS_AND_ELICIT);
  await waitFor(app, taskId, (t) => t.status === 'input_required', TASKS_AND_ELICIT);
  return taskId as string;
}

/** The wire answer is the retryable refusal, free of driver text, and its reference names a logged driver error. */
function expectRetryable(error: { code: number; message: string; data?: unknown }, logger: RecordingLogger): void {
  expect(error).toMatchObject(RETRYABLE);
  expect(JSON.stringify(error)).not.toMatch(DRIVER_TEXT);
  const ref = /\(ref ([0-9a-f]{8})\)/.exec(error.message)?.[1];
  const logged = logger.errors.find((entry) => entry.fields.ref === ref);
  expect(logged?.message).toBe('task store or queue unavailable: request refused');
  const driverSaid = (logged!.fields.error as Error).message;
  expect(driverSaid.length).toBeGreaterThan(0);
  expect(JSON.stringify(error)).not.toContain(driverSaid);
}

test('Redis down: the creating call, tasks/get, tasks/update, tasks/cancel and a task listen stream answer -31503 with retryAfterMs', async () => {
  const logger = new RecordingLogger();
  const app = await deskOn(logger);
  const taskId = await parkedTask(app);
  await stopRedis();

  const answer = { who: { action: 'accept', content: { name: 'Ada' } } };
  const refusals = [
    await failure(app, 'tools/call', { name: 'confirm', arguments: {} }, TASKS_AND_ELICIT),
    await failure(app, 'tasks/get', { taskId }, TASKS_AND_ELICIT),
    await failure(app, 'tasks/update', { taskId, inputResponses: answer }, TASKS_AND_ELICIT),
    await failure(app, 'tasks/cancel', { taskId }, TASKS_AND_ELICIT),
  ];
  for (const refusal of refusals) expectRetryable(refusal, logger);

  const listen = await sendRaw(
    app,
    'subscriptions/listen',
    { notifications: { taskIds: [taskId] } },
    {
      capabilities: TASKS_AND_ELICIT,
      id: 'listen-1',
    },
  );
  expectRetryable(listen.body.error as never, logger);

  // back: the same requests are served again
  await restartRedis();
  await untilServed(app);
});

test('Redis back on the same port: the same requests are served again', async () => {
  const logger = new RecordingLogger();
  const app = await deskOn(logger);
  await parkedTask(app);
  await stopRedis();
  expect(
    (await request(app, 'tools/call', { name: 'confirm', arguments: {} }, TASKS_AND_ELICIT)).body.error,
  ).toMatchObject(RETRYABLE);
  await restartRedis();
  const deadline = Date.now() + 20_000;
  let served: Record<string, unknown> | undefined;
  while (served === undefined && Date.now() < deadline) {
    const sent = await request(app, 'tools/call', { name: 'confirm', arguments: {} }, TASKS_AND_ELICIT);
    if (sent.body.error) expect(sent.body.error).toMatchObject(RETRYABLE);
    else served = sent.body.result as Record<string, unknown>;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(served).toMatchObject({ resultType: 'task', status: 'working' });
  const task = await waitFor(app, served!.taskId as string, (t) => t.status === 'input_required', TASKS_AND_ELICIT);
  expect(Object.keys(task.inputRequests)).toEqual(['who']);
});

test('the queue alone down (tasks kept elsewhere): scheduling a step is refused at once, retryably, not left waiting', async () => {
  const logger = new RecordingLogger();
  const app = await deskOn(logger, true);
  const taskId = await parkedTask(app);
  const other = await parkedTask(app);
  await stopRedis();
  const started = Date.now();
  const answer = { who: { action: 'accept', content: { name: 'Ada' } } };
  expectRetryable(await failure(app, 'tools/call', { name: 'confirm', arguments: {} }, TASKS_AND_ELICIT), logger);
  expectRetryable(await failure(app, 'tasks/update', { taskId, inputResponses: answer }, TASKS_AND_ELICIT), logger);
  expectRetryable(await failure(app, 'tasks/cancel', { taskId: other }, TASKS_AND_ELICIT), logger);
  expect(Date.now() - started).toBeLessThan(5_000);
  // the answers were taken, but no step was scheduled to read them
  expect((await result(app, 'tasks/get', { taskId }, TASKS_AND_ELICIT)).status).toBe('working');

  // the queue back: the client's resend of the same answers schedules the step the refused send could not
  await restartRedis();
  const deadline = Date.now() + 20_000;
  let sent = await request(app, 'tasks/update', { taskId, inputResponses: answer }, TASKS_AND_ELICIT);
  while (sent.body.error !== undefined && Date.now() < deadline) {
    expect(sent.body.error).toMatchObject(RETRYABLE);
    await new Promise((r) => setTimeout(r, 100));
    sent = await request(app, 'tasks/update', { taskId, inputResponses: answer }, TASKS_AND_ELICIT);
  }
  const done = await waitFor(app, taskId, undefined, TASKS_AND_ELICIT);
  expect(done.result.content[0].text).toBe('confirmed by Ada');
});
