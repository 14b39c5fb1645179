import { IsString } from 'class-validator';
import { createApp, Elicit, Field, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { RedisTaskStore, connectRedis, type RedisConnection } from '@tessera/redis';
import { result, TASKS_AND_ELICIT, waitFor } from '../../core/test/tasks/support/task-requests';
import { killAllRedis, runRedisServer, type RunningRedis } from './support/redis-server';

/* Two instances of one app sharing a RedisTaskStore on a real redis-server (a free loopback port, stopped
   whatever happens): a task waiting for answers whose tool the fleet removed fails, naming the tool, at its
   owner's next tasks/get on either instance, and a finished task keeps answering. */

class Named {
  @Field() @IsString() name!: string;
}

@Provider()
class Jobs {
  @Tool({ task: 'optional' })
  confirm(@Elicit({ key: 'ok', message: 'Sure?', schema: Named }) answer: Named): string {
    return `confirmed by ${answer.name}`;
  }

  @Tool({ task: 'optional' })
  greet(): string {
    return 'hello';
  }
}

let redis: RunningRedis;
const connections: RedisConnection[] = [];

beforeAll(async () => {
  redis = await runRedisServer();
});

afterAll(async () => {
  for (const c of connections) await c.close();
  await redis?.stop();
  killAllRedis();
});

async function instance(): Promise<TesseraApp> {
  const commands = await connectRedis(redis.url);
  const subscriber = await connectRedis(redis.url);
  connections.push(commands, subscriber);
  const store = await RedisTaskStore.start({
    client: commands.client,
    subscriber: subscriber.client,
    keyPrefix: 'removed:task:',
    channel: 'removed:tasks',
  });
  return createApp({ name: 'jobs', version: '1', providers: [Jobs], logger: silentLogger, tasks: { store } });
}

test('a waiting task of a tool the fleet removed fails on either instance; a finished one keeps answering', async () => {
  const [a, b] = [await instance(), await instance()];
  try {
    const finished = (await result(a, 'tools/call', { name: 'greet', arguments: {} }, TASKS_AND_ELICIT)).taskId;
    expect((await waitFor(a, finished, undefined, TASKS_AND_ELICIT)).status).toBe('completed');
    const { taskId } = await result(a, 'tools/call', { name: 'confirm', arguments: {} }, TASKS_AND_ELICIT);
    await waitFor(a, taskId, (t) => t.status === 'input_required', TASKS_AND_ELICIT);
    // the operator's change, applied on every instance
    a.removeProvider(Jobs);
    b.removeProvider(Jobs);
    const failed = await result(b, 'tasks/get', { taskId }, TASKS_AND_ELICIT);
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: -32602, message: expect.stringContaining('Tool "confirm" is no longer served') },
    });
    expect((await result(a, 'tasks/get', { taskId }, TASKS_AND_ELICIT)).status).toBe('failed');
    const done = await result(b, 'tasks/get', { taskId: finished }, TASKS_AND_ELICIT);
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'hello' }] } });
  } finally {
    await a.close();
    await b.close();
  }
});
