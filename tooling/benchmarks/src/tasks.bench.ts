/**
 * Tasks: 1 000 concurrent parked tasks on one server (its own process, over loopback HTTP), then 10 000 more,
 * once with the in-memory store and queue and once with RedisTaskStore + RedisTaskQueue on a real redis-server:
 *   - the server's RSS and heap per parked task: the growth of the resting readings from 1 000 parked to
 *     11 000 parked, ÷ 10 000 (the first batch absorbs what the heap and the allocator grow by once; 1 000
 *     tasks alone drowned in that noise, even below 0); for Redis also what redis-server holds per task
 *     (used_memory, the same way);
 *   - tasks/get and tasks/update latency p50/p99 with those 11 000 parked (sequential requests, one client);
 *   - a task with one question end to end (tools/call, tasks/get until input_required, tasks/update,
 *     tasks/get until completed; polled back to back, so the figure is the server's and the protocol's
 *     cost, not the poll interval's) against the same tool as an MRTR flow (two tools/call legs).
 *
 *   npm run build && npm run bench:tasks -w @tessera/tooling-benchmarks
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { connectRedis } from '@tessera/redis';
import { runRedisServer, type RunningRedis } from '@tessera/tooling-fleet/dist/redis/run-redis-server';
import { restingMemory } from './support/resting-memory';
import { header } from './support/measure';
import { followTask, rpc as taskRpc, type RpcAnswer } from '@tessera/tooling-fleet/dist/load/task-rpc';
import type { BenchServerAnswer } from './tasks/task-bench-server';

const PARKED = Number(process.env.BENCH_TASKS_PARKED ?? 1000);
/** The second batch, whose growth gives the memory per parked task: large enough to stand above the noise. */
const RSS_PARKED = Number(process.env.BENCH_TASKS_RSS_PARKED ?? 10_000);
const FLOWS = Number(process.env.BENCH_TASKS_FLOWS ?? 300);
const REST_S = Number(process.env.BENCH_TASKS_REST_S ?? 6);

/** One request; an error answer throws, naming the method. */
async function rpc(url: string, method: string, params: Record<string, unknown>, name: string): Promise<RpcAnswer> {
  const answer = await taskRpc(url, method, params, name, { clientName: 'tasks-bench' });
  if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer;
}

const ANSWER = { who: { action: 'accept', content: { name: 'Ada' } } };

interface Child {
  url: string;
  memory(gc: boolean): Promise<{ rss: number; heapUsed: number }>;
  stop(): Promise<void>;
  process: ChildProcess;
}

function startChild(args: string[]): Promise<Child> {
  const child = fork(join(__dirname, 'tasks', 'task-bench-server.js'), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--expose-gc'],
  });
  const ask = (question: object) =>
    new Promise<BenchServerAnswer>((resolve) => {
      child.once('message', (answer: BenchServerAnswer) => resolve(answer));
      child.send(question);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before listening`)));
    child.once('message', ({ url }: BenchServerAnswer) =>
      resolve({
        url: url!,
        process: child,
        memory: async (gc) => {
          const { rss, heapUsed } = await ask({ cmd: 'memory', gc });
          return { rss: rss!, heapUsed: heapUsed! };
        },
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send({ cmd: 'stop' });
          }),
      }),
    );
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `work(i)` for i in 0..n-1, `concurrency` at a time. */
async function pool(n: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

/** Polls a task back to back until it parks (`answer` absent) or ends; a failed or cancelled task throws. */
async function until(
  url: string,
  taskId: string,
  status: 'input_required' | 'completed',
  answer?: (task: Record<string, any>) => Promise<void>,
): Promise<number> {
  const get = () => rpc(url, 'tasks/get', { taskId }, taskId);
  const { task, requests } = await followTask({ get, answer, pollMs: 0 });
  if (task?.status !== status) throw new Error(`task ${taskId} ended ${task?.status ?? 'unseen'}, not ${status}`);
  return requests;
}

/** One task with one question, end to end, polled back to back: its wall time (ms) and its requests. */
async function taskFlow(url: string): Promise<{ ms: number; requests: number }> {
  const started = process.hrtime.bigint();
  const { result } = await rpc(url, 'tools/call', { name: 'confirm_task', arguments: {} }, 'confirm_task');
  const taskId = result!.taskId as string;
  const answer = async () => void (await rpc(url, 'tasks/update', { taskId, inputResponses: ANSWER }, taskId));
  const requests = 1 + (await until(url, taskId, 'completed', answer));
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, requests };
}

/** The same question as an MRTR flow: leg 1 asks, leg 2 answers with the sealed state. */
async function mrtrFlow(url: string): Promise<{ ms: number; requests: number }> {
  const started = process.hrtime.bigint();
  const first = await rpc(url, 'tools/call', { name: 'confirm_flow', arguments: {} }, 'confirm_flow');
  const second = await rpc(
    url,
    'tools/call',
    { name: 'confirm_flow', arguments: {}, inputResponses: ANSWER, requestState: first.result!.requestState },
    'confirm_flow',
  );
  if (second.result?.content?.[0]?.text !== 'confirmed by Ada') throw new Error('the MRTR flow did not complete');
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, requests: 2 };
}

interface ModeFigures {
  mode: string;
  rssPerTaskBytes: number;
  heapPerTaskBytes: number;
  redisPerTaskBytes?: number;
  get: { p50: number; p99: number };
  update: { p50: number; p99: number };
  task: { p50: number; p99: number; requests: number };
  mrtr: { p50: number; p99: number };
}

async function redisUsedMemory(url: string): Promise<number> {
  const { client, close } = await connectRedis(url);
  try {
    const info = String(await client.sendCommand(['INFO', 'memory']));
    return Number(/used_memory:(\d+)/.exec(info)![1]);
  } finally {
    await close();
  }
}

async function runMode(mode: 'memory' | 'redis', redis?: RunningRedis): Promise<ModeFigures> {
  const child = await startChild(mode === 'redis' ? ['redis', redis!.url] : ['memory']);
  try {
    const { url } = child;
    // warm-up: both flows, so the first parked task pays no first-call costs
    for (let i = 0; i < 50; i++) {
      await taskFlow(url);
      await mrtrFlow(url);
    }
    const park = async (n: number): Promise<string[]> => {
      const batch: string[] = [];
      await pool(n, 50, async () => {
        const { result } = await rpc(url, 'tools/call', { name: 'confirm_task', arguments: {} }, 'confirm_task');
        batch.push(result!.taskId as string);
      });
      await pool(batch.length, 50, async (i) => void (await until(url, batch[i]!, 'input_required')));
      return batch;
    };
    // Per task is the growth from the first batch parked to the second (see the top of the file).
    const ids = await park(PARKED);
    const once = await restingMemory(child, REST_S);
    const redisOnce = redis ? await redisUsedMemory(redis.url) : 0;
    await park(RSS_PARKED);
    const twice = await restingMemory(child, REST_S);
    const redisTwice = redis ? await redisUsedMemory(redis.url) : 0;

    const gets: number[] = [];
    for (let i = 0; i < 2 * ids.length; i++) {
      const taskId = ids[i % ids.length]!;
      const t0 = process.hrtime.bigint();
      await rpc(url, 'tasks/get', { taskId }, taskId);
      gets.push(Number(process.hrtime.bigint() - t0) / 1e3);
    }
    const updates: number[] = [];
    for (const taskId of ids) {
      const t0 = process.hrtime.bigint();
      await rpc(url, 'tasks/update', { taskId, inputResponses: ANSWER }, taskId);
      updates.push(Number(process.hrtime.bigint() - t0) / 1e3);
    }
    await pool(ids.length, 50, async (i) => void (await until(url, ids[i]!, 'completed')));

    const task: number[] = [];
    const mrtr: number[] = [];
    let requests = 0;
    for (let i = 0; i < FLOWS; i++) {
      // interleaved, so both see the same moments of a shared machine
      const t = await taskFlow(url);
      task.push(t.ms);
      requests += t.requests;
      mrtr.push((await mrtrFlow(url)).ms);
    }
    return {
      mode,
      rssPerTaskBytes: (twice.rss - once.rss) / RSS_PARKED,
      heapPerTaskBytes: (twice.heapUsed - once.heapUsed) / RSS_PARKED,
      redisPerTaskBytes: redis ? (redisTwice - redisOnce) / RSS_PARKED : undefined,
      get: { p50: percentile(gets, 50), p99: percentile(gets, 99) },
      update: { p50: percentile(updates, 50), p99: percentile(updates, 99) },
      task: { p50: percentile(task, 50), p99: percentile(task, 99), requests: requests / FLOWS },
      mrtr: { p50: percentile(mrtr, 50), p99: percentile(mrtr, 99) },
    };
  } finally {
    await child.stop();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const us = (v: number) => v.toFixed(0);
const ms = (v: number) => v.toFixed(2);

async function main(): Promise<void> {
  const redis = await runRedisServer();
  try {
    const figures = [await runMode('memory'), await runMode('redis', redis)];
    header(
      `Tasks: ${PARKED} + ${RSS_PARKED} parked tasks, then ${FLOWS} one-question flows as a task and as MRTR`,
      `one server process over loopback HTTP, sequential requests from one client; per parked task: resting RSS after GC (lowest of ${REST_S} readings, 1 s apart) with ${PARKED + RSS_PARKED} parked minus with ${PARKED} parked, ÷ ${RSS_PARKED}; tasks/get and tasks/update with ${PARKED + RSS_PARKED} parked`,
    );
    console.log(
      '| store | server RSS per parked task | heap per parked task | redis-server per task | tasks/get p50 / p99 | tasks/update p50 / p99 |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const f of figures)
      console.log(
        `| ${f.mode} | ${kb(f.rssPerTaskBytes)} KB | ${kb(f.heapPerTaskBytes)} KB | ${f.redisPerTaskBytes === undefined ? '-' : `${kb(f.redisPerTaskBytes)} KB`} | ${us(f.get.p50)} / ${us(f.get.p99)} µs | ${us(f.update.p50)} / ${us(f.update.p99)} µs |`,
      );
    console.log(
      '\n| store | task, one question, end to end p50 / p99 | requests per task | same tool as MRTR p50 / p99 | task ÷ MRTR (p50) |',
    );
    console.log('|---|---:|---:|---:|---:|');
    for (const f of figures)
      console.log(
        `| ${f.mode} | ${ms(f.task.p50)} / ${ms(f.task.p99)} ms | ${f.task.requests.toFixed(1)} | ${ms(f.mrtr.p50)} / ${ms(f.mrtr.p99)} ms | ${(f.task.p50 / f.mrtr.p50).toFixed(2)} |`,
      );
    const [memory, onRedis] = figures as [ModeFigures, ModeFigures];
    console.log(
      `\nRedis ÷ memory: RSS per parked task ${(onRedis.rssPerTaskBytes / memory.rssPerTaskBytes).toFixed(2)}, tasks/get p50 ${(onRedis.get.p50 / memory.get.p50).toFixed(2)}, tasks/update p50 ${(onRedis.update.p50 / memory.update.p50).toFixed(2)}, task end to end p50 ${(onRedis.task.p50 / memory.task.p50).toFixed(2)}`,
    );
  } finally {
    await redis.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
