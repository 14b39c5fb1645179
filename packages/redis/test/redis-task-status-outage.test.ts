import {
  createApp,
  Ctx,
  Provider,
  Tool,
  type ExecutionContext,
  type LogFields,
  type Logger,
  type TesseraApp,
} from '@tessera/core';
import { connectRedis, RedisTaskQueue, RedisTaskStore, type RedisConnection } from '@tessera/redis';
import { request, result } from '../../core/test/tasks/support/task-requests';
import { killAllRedis, runRedisServer, type RunningRedis } from './support/redis-server';

/*
 * A handler reports its task's status (`ctx.task.status`) while the task store's Redis is down (a real
 * redis-server, crashed and restarted on its append-only file). The report is dropped with one warning,
 * never thrown into the handler, and the task's result lands once Redis is back.
 */

/** A promise and the function that settles it, for the handler and the test to meet at. */
function signal(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

let bodyStarted = signal();
let redisDown = signal();
let reported = signal();
let statusError: unknown;

@Provider()
class Report {
  @Tool({ task: 'required' })
  async build(@Ctx() ctx: ExecutionContext): Promise<string> {
    bodyStarted.open();
    await redisDown.promise;
    try {
      await ctx.task!.status('table 1 of 2');
      await ctx.progress(2, 2); // in a task, a status report too
    } catch (error) {
      statusError = error;
    }
    reported.open();
    return 'report built';
  }
}

class RecordingLogger implements Logger {
  readonly warnings: Array<{ message: string; fields: LogFields }> = [];
  debug(): void {}
  info(): void {}
  warn(message: string, fields: LogFields = {}): void {
    this.warnings.push({ message, fields });
  }
  error(): void {}
}

let redis: RunningRedis | undefined;
const connections: RedisConnection[] = [];
let app: TesseraApp | undefined;

afterEach(async () => {
  await app?.close();
  await Promise.allSettled(connections.splice(0).map((c) => c.close()));
  await redis?.stop();
});
afterAll(() => killAllRedis());

test('ctx.task.status() during a Redis outage: dropped with one warning, and the result lands once Redis is back', async () => {
  bodyStarted = signal();
  redisDown = signal();
  reported = signal();
  statusError = undefined;
  redis = await runRedisServer();
  const url = redis.url;
  let noticed!: () => void;
  const outageNoticed = new Promise<void>((resolve) => (noticed = resolve));
  const commands = await connectRedis(url, { onError: () => noticed() });
  connections.push(commands, await connectRedis(url));
  const store = await RedisTaskStore.start({ client: commands.client, subscriber: connections[1]!.client });
  const queue = await RedisTaskQueue.connect({ url, store, onError: () => undefined });
  const logger = new RecordingLogger();
  app = createApp({ name: 'report', version: '1', providers: [Report], logger, tasks: { store, queue } });

  const { taskId } = await result(app, 'tools/call', { name: 'build', arguments: {} });
  await bodyStarted.promise;
  await redis.crash();
  await outageNoticed;
  redisDown.open();
  await reported.promise;
  expect(statusError).toBeUndefined();
  const dropped = logger.warnings.filter((w) => /status/.test(w.message));
  expect(dropped).toHaveLength(1);
  expect(dropped[0]).toMatchObject({ fields: { taskId } });
  expect(JSON.stringify(dropped[0]!.fields)).not.toContain('table 1 of 2');

  redis = await redis.restart();
  const deadline = Date.now() + 20_000;
  let task: Record<string, any> | undefined;
  while (Date.now() < deadline) {
    const sent = await request(app, 'tasks/get', { taskId });
    task = sent.body.result as Record<string, any> | undefined;
    if (task && task.status !== 'working') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(task).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'report built' }] } });
}, 60_000);
