import 'reflect-metadata';
import { IsString } from '@tessera/core/validators';
import { createApp, Elicit, Field, Provider, silentLogger, Tool, type TasksOptions } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { connectRedis, RedisTaskQueue, RedisTaskStore } from '@tessera/redis';

/*
 * The tasks bench's server, in a process of its own so its RSS is its own:
 * `node task-bench-server.js memory` or `node task-bench-server.js redis redis://127.0.0.1:PORT`.
 * Sends `{ url }` over IPC once it listens; answers `{ cmd: 'memory', gc }` with its RSS and heap, and
 * exits on `{ cmd: 'stop' }`.
 */

class Name {
  @Field() @IsString() name!: string;
}

/** One question, then a one-line result: the same method as a task and as an MRTR flow. */
@Provider()
class Confirmations {
  @Tool({ description: 'Asks one question inside a task', task: 'required' })
  confirm_task(@Elicit({ key: 'who', message: 'Who confirms?', schema: Name }) who: Name): string {
    return `confirmed by ${who.name}`;
  }

  @Tool({ description: 'Asks the same question as an MRTR flow' })
  confirm_flow(@Elicit({ key: 'who', message: 'Who confirms?', schema: Name }) who: Name): string {
    return `confirmed by ${who.name}`;
  }
}

export interface BenchServerAnswer {
  url?: string;
  rss?: number;
  heapUsed?: number;
}

async function tasksFor(
  mode: string,
  url: string | undefined,
): Promise<{ tasks: TasksOptions; close(): Promise<void> }> {
  if (mode === 'memory') return { tasks: {}, close: async () => {} };
  if (mode !== 'redis' || !url) throw new Error('usage: task-bench-server.js memory | redis redis://HOST:PORT');
  const commands = await connectRedis(url);
  const subscriber = await connectRedis(url);
  const store = await RedisTaskStore.start({ client: commands.client, subscriber: subscriber.client });
  const queue = await RedisTaskQueue.connect({ url, store });
  return {
    tasks: { store, queue },
    close: async () => {
      await commands.close();
      await subscriber.close();
    },
  };
}

async function main(): Promise<void> {
  const [mode, url] = process.argv.slice(2);
  const redis = await tasksFor(mode, url);
  const app = createApp({
    name: 'tasks-bench',
    version: '1',
    providers: [Confirmations],
    logger: silentLogger,
    // one anonymous caller parks 11 000 tasks: far past the default caps, which this measurement is not about
    tasks: { ...redis.tasks, pollIntervalMs: 100, maxTasksPerCaller: 100_000, maxTasks: 100_000 },
  });
  const listener = await listen(app, { port: 0, host: '127.0.0.1' });
  process.on('message', async (question: { cmd: string; gc?: boolean }) => {
    if (question.cmd === 'memory') {
      if (question.gc) (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      process.send!({ rss, heapUsed } satisfies BenchServerAnswer);
    } else if (question.cmd === 'stop') {
      await app.close(); // stops the listener too
      await redis.close();
      process.exit(0);
    }
  });
  process.send!({ url: listener.url.href } satisfies BenchServerAnswer);
}

main().catch((error) => {
  process.stderr.write(`task bench server: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
