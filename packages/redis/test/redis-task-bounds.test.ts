import { IsInt } from 'class-validator';
import { Args, createApp, Ctx, Field, Provider, silentLogger, Tool, type ExecutionContext } from '@tessera/core';
import { RedisTaskStore, connectRedis, type RedisConnection } from '@tessera/redis';
import { failure, result, waitFor } from '../../core/test/tasks/support/task-requests';
import { killAllRedis, runRedisServer, type RunningRedis } from './support/redis-server';

/* Two instances of one app sharing a RedisTaskStore on a real redis-server: the caps and the idempotency
   keys of task-creating calls hold across them. */

const KEY_META = 'io.github.tessera-mcp/idempotencyKey';
const KEY = 'fleet-key-aaaaaaaaaaaaaaaa';

class Amount {
  @Field() @IsInt() amount!: number;
}

const runs: string[] = [];

@Provider()
class Payments {
  @Tool({ task: 'optional' })
  charge(@Args() args: Amount, @Ctx() ctx: ExecutionContext): string {
    runs.push(`charge ${args.amount} ${ctx.idempotencyKey}`);
    return `charged ${args.amount}`;
  }
}

let redis: RunningRedis;
const connections: RedisConnection[] = [];
let prefixes = 0;

beforeAll(async () => {
  redis = await runRedisServer();
});

afterAll(async () => {
  for (const c of connections) await c.close();
  await redis?.stop();
  killAllRedis();
});

/** Two instances on one store prefix, each with its own connections (as two processes have). */
async function fleet(tasks: { maxTasksPerCaller?: number } = {}) {
  const prefix = `bounds:${++prefixes}`;
  const instance = async () => {
    const commands = await connectRedis(redis.url);
    const subscriber = await connectRedis(redis.url);
    connections.push(commands, subscriber);
    const store = await RedisTaskStore.start({
      client: commands.client,
      subscriber: subscriber.client,
      keyPrefix: `${prefix}:task:`,
      channel: `${prefix}:tasks`,
    });
    return createApp({
      name: 'payments',
      version: '1',
      providers: [Payments],
      logger: silentLogger,
      tasks: { store, ...tasks },
    });
  };
  return Promise.all([instance(), instance()]);
}

const charge = (amount: number, key?: string) => ({
  name: 'charge',
  arguments: { amount },
  ...(key === undefined ? {} : { _meta: { [KEY_META]: key } }),
});

beforeEach(() => {
  runs.length = 0;
});

describe('task caps and idempotency keys on a shared RedisTaskStore', () => {
  test('one key sent to both instances at once makes one task, run once; other arguments are refused', async () => {
    const [a, b] = await fleet();
    try {
      const sent = await Promise.all([a, b, a, b].map((app) => result(app, 'tools/call', charge(5, KEY))));
      const ids = new Set(sent.map((r) => r.taskId));
      expect(ids.size).toBe(1);
      const [taskId] = [...ids];
      expect((await waitFor(b, taskId)).status).toBe('completed');
      expect(runs).toEqual([`charge 5 ${KEY}`]);
      const reused = await failure(b, 'tools/call', charge(6, KEY));
      expect(reused.code).toBe(-32602);
      expect(reused.message).toMatch(/was already used for this tool with other arguments/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("one caller's live tasks are counted over both instances", async () => {
    const [a, b] = await fleet({ maxTasksPerCaller: 2 });
    try {
      await result(a, 'tools/call', charge(1));
      await result(b, 'tools/call', charge(2));
      const refused = await failure(a, 'tools/call', charge(3));
      expect(refused.code).toBe(-31429);
      expect(refused.data).toEqual({ reason: 'task_cap', cap: 'tasks.maxTasksPerCaller', limit: 2 });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
