import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { MemoryTaskStore, type TaskStep } from '@tessera/core/advanced';
import { RedisTaskQueue, type RedisTaskQueueOptions } from '@tessera/redis';
import { sampleTask, UNCAPPED } from '../../core/test/support/task-store-contract';
import { killAllRedis, runRedisServer, type RunningRedis } from './support/redis-server';

/* A real redis-server on a free loopback port for this file; every queue and child process is stopped in finally. */

let redis: RunningRedis;
let queues = 0;
const opened: RedisTaskQueue[] = [];
const children = new Set<ChildProcess>();

beforeAll(async () => {
  redis = await runRedisServer();
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.allSettled(opened.map((q) => q.close()));
  await redis?.stop();
  killAllRedis();
});

const TASK = 'AAAAAAAAAAAAAAAAAAAAAA';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A queue on a queue name of the test's own, with fast recovery settings. */
async function queueOn(
  name: string,
  step: TaskStep | undefined,
  options: Partial<RedisTaskQueueOptions> = {},
): Promise<RedisTaskQueue> {
  const queue = await RedisTaskQueue.connect({
    url: redis.url,
    queueName: name,
    store: options.store ?? new MemoryTaskStore(),
    lockDurationMs: 1_000,
    stalledIntervalMs: 500,
    ...options,
  });
  opened.push(queue);
  if (step) queue.start(step);
  return queue;
}

/** The hanging worker in a child process, which enqueues TASK itself (the only worker then); resolves once it is ready. */
async function hangingWorker(name: string): Promise<{ child: ChildProcess; started: Promise<string> }> {
  const child = fork(join(__dirname, 'fixtures', 'hanging-step-worker.ts'), [], {
    env: { ...process.env, TESSERA_REDIS_URL: redis.url, TASK_QUEUE: name, TASK_ID: TASK },
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let started!: (taskId: string) => void;
  const startedPromise = new Promise<string>((r) => (started = r));
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the worker exited (${code}) before it was ready`)));
    child.on('message', (m: { type: string; taskId?: string }) => {
      if (m.type === 'ready') ready();
      if (m.type === 'started') started(m.taskId!);
    });
  });
  return { child, started: startedPromise };
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe('RedisTaskQueue on a real redis-server', () => {
  it('runs every step enqueued on either instance once, on one of them, outside the enqueuing call', async () => {
    const name = `q${++queues}`;
    const ran: string[] = [];
    const a = await queueOn(name, async (id) => void ran.push(`a:${id}`));
    const b = await queueOn(name, async (id) => void ran.push(`b:${id}`));
    const ids = Array.from({ length: 20 }, (_, i) => `task${String(i).padStart(18, '0')}`);
    await Promise.all(ids.map((id, i) => (i % 2 ? a : b).enqueue(id)));
    await until('every step', () => ran.length === ids.length);
    await Promise.all([a.close(), b.close()]); // each drains its steps in flight: any second run is counted by now
    expect(ran.map((r) => r.slice(2)).sort()).toEqual([...ids].sort());
  });

  it('never runs two steps of one task at once, across instances; each enqueued step runs', async () => {
    const name = `q${++queues}`;
    let inFlight = 0;
    let most = 0;
    let runs = 0;
    const step: TaskStep = async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await sleep(150);
      inFlight--;
      runs++;
    };
    const a = await queueOn(name, step, { busyRetryMs: 20 });
    const b = await queueOn(name, step, { busyRetryMs: 20 });
    await Promise.all([a.enqueue(TASK), b.enqueue(TASK), a.enqueue(TASK), b.enqueue(TASK)]);
    await until('four runs', () => runs === 4);
    expect(most).toBe(1);
  });

  it('abort on one instance reaches the step running on another', async () => {
    const name = `q${++queues}`;
    const reasons: string[] = [];
    let running = false;
    const waitForAbort: TaskStep = (_, signal) =>
      new Promise<void>((resolve) => {
        running = true;
        signal.addEventListener('abort', () => {
          reasons.push((signal.reason as Error).message);
          resolve();
        });
      });
    const runner = await queueOn(name, waitForAbort);
    await runner.enqueue(TASK);
    await until('the step to start', () => running);
    // a queue of the same name elsewhere: its abort travels on the shared channel
    const peer = await queueOn(name, undefined);
    await peer.abort(TASK);
    await until('the abort', () => reasons.length === 1);
    expect(reasons).toEqual(['the task was cancelled']);
  });

  it('a step whose instance is killed (kill -9) mid-run runs again on another instance', async () => {
    const name = `q${++queues}`;
    const { child, started } = await hangingWorker(name);
    expect(await started).toBe(TASK);
    const recovered: string[] = [];
    const survivor = await queueOn(name, async (id) => void recovered.push(id));
    const killedAt = Date.now();
    await kill9(child);
    await until('the recovery', () => recovered.length === 1);
    expect(recovered).toEqual([TASK]);
    // the stated bound, lockDurationMs (1 s) + stalledIntervalMs (0.5 s), plus room for a worker to take it
    expect(Date.now() - killedAt).toBeLessThan(1_000 + 500 + 1_500);
    void survivor;
  });

  it('a step recovered more often than maxStalledCount fails its task with the reason, not left working', async () => {
    const name = `q${++queues}`;
    const store = new MemoryTaskStore();
    await store.create(sampleTask({ createdAt: Date.now() }), UNCAPPED);
    const { child, started } = await hangingWorker(name);
    await started;
    const neverRun: string[] = [];
    await queueOn(name, async (id) => void neverRun.push(id), { store, maxStalledCount: 0 });
    await kill9(child);
    let task = await store.load(TASK);
    const deadline = Date.now() + 15_000;
    while (task?.status !== 'failed' && Date.now() < deadline) {
      await sleep(50);
      task = await store.load(TASK);
    }
    expect(task?.status).toBe('failed');
    expect(task?.error).toEqual({
      code: -32603,
      message:
        'the instance running the task stopped mid-run and the step had been recovered 0 time(s) already; it was not resumed again',
      data: { reason: 'instance_lost' },
    });
    expect(neverRun).toEqual([]);
  });

  it('a step that keeps throwing is retried, then its task is failed with the reason', async () => {
    const name = `q${++queues}`;
    const store = new MemoryTaskStore();
    await store.create(sampleTask({ createdAt: Date.now() }), UNCAPPED);
    let runs = 0;
    await queueOn(
      name,
      async () => {
        runs++;
        throw new Error('store unreachable');
      },
      { store, attempts: 2 },
    ).then((q) => q.enqueue(TASK));
    await until('the retries', () => runs === 2);
    let task = await store.load(TASK);
    while (task?.status !== 'failed') {
      await sleep(20);
      task = await store.load(TASK);
    }
    expect(task.error).toEqual({
      code: -32603,
      message: "the task's step could not run after 2 attempts",
      data: { reason: 'step_failed' },
    });
    expect(runs).toBe(2);
  });

  it('a task whose step BullMQ gave up on is failed once the store takes the write again', async () => {
    const name = `q${++queues}`;
    let refusals = 2;
    const store = new (class extends MemoryTaskStore {
      override async update(...args: Parameters<MemoryTaskStore['update']>) {
        if (refusals > 0) {
          refusals--;
          throw new Error('The client is offline');
        }
        return super.update(...args);
      }
    })();
    await store.create(sampleTask({ createdAt: Date.now() }), UNCAPPED);
    await queueOn(
      name,
      async () => {
        throw new Error('store unreachable');
      },
      { store, attempts: 1 },
    ).then((q) => q.enqueue(TASK));
    let task = await store.load(TASK);
    const deadline = Date.now() + 10_000;
    while (task?.status !== 'failed' && Date.now() < deadline) {
      await sleep(50);
      task = await store.load(TASK);
    }
    expect(refusals).toBe(0);
    expect(task?.error?.data).toEqual({ reason: 'step_failed' });
  });

  it('on a stop the running step finishes here; steps enqueued meanwhile run on another instance', async () => {
    const name = `q${++queues}`;
    const OTHER = 'BBBBBBBBBBBBBBBBBBBBBB';
    const seen: string[] = [];
    let finish!: () => void;
    const leaving = await queueOn(
      name,
      (id, signal) =>
        new Promise<void>((resolve) => {
          seen.push(`leaving: ${id}`);
          finish = resolve;
          signal.addEventListener('abort', () => seen.push(`leaving: aborted, ${(signal.reason as Error).message}`));
        }),
      { drainMs: 10_000 },
    );
    await leaving.enqueue(TASK);
    await until('the first run', () => seen.length === 1);
    const staying = await queueOn(name, async (id) => void seen.push(`staying: ${id}`));
    const drained = leaving.drain();
    await leaving.enqueue(OTHER); // still accepted: another instance runs it
    await until('the other step, elsewhere', () => seen.includes(`staying: ${OTHER}`));
    expect(leaving.active).toBe(1);
    finish();
    await drained;
    await leaving.close();
    await sleep(1_000); // long enough for a handed-over step to run on the staying instance
    expect(seen).toEqual([`leaving: ${TASK}`, `staying: ${OTHER}`]);
    await expect(leaving.enqueue(TASK)).rejects.toThrow('closed');
    void staying;
  });

  it('a step still running drainMs into a stop is aborted and handed to another instance', async () => {
    const name = `q${++queues}`;
    const seen: string[] = [];
    const leaving = await queueOn(
      name,
      (_, signal) =>
        new Promise<void>((resolve) => {
          seen.push('leaving: started');
          signal.addEventListener('abort', () => {
            seen.push(`leaving: ${(signal.reason as Error).message}`);
            resolve();
          });
        }),
      { drainMs: 300 },
    );
    await leaving.enqueue(TASK);
    await until('the first run', () => seen.length === 1);
    const staying = await queueOn(name, async () => void seen.push('staying: ran'));
    const stoppedAt = Date.now();
    await leaving.close();
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(300);
    await until('the hand-over', () => seen.includes('staying: ran'));
    expect(seen).toEqual(['leaving: started', 'leaving: the server is stopping', 'staying: ran']);
    void staying;
  });

  it('refuses bad options, naming the field', async () => {
    const store = new MemoryTaskStore();
    await expect(RedisTaskQueue.connect({ url: redis.url, store, lockDurationMs: 0 })).rejects.toThrow(
      'RedisTaskQueue: lockDurationMs must be a positive integer, got 0',
    );
    await expect(RedisTaskQueue.connect({ url: redis.url, store, concurrency: 1.5 })).rejects.toThrow(
      'RedisTaskQueue: concurrency must be a positive integer, got 1.5',
    );
    await expect(
      RedisTaskQueue.connect({ url: redis.url, store, lockDurationMs: 1000, lockRenewMs: 1000 }),
    ).rejects.toThrow(
      'RedisTaskQueue: lockRenewMs (1000) must be below lockDurationMs (1000), or the claim lapses between renewals',
    );
    await expect(RedisTaskQueue.connect({ url: redis.url, store, lockDuration: 5000 } as never)).rejects.toThrow(
      'RedisTaskQueue: "lockDuration" is not an option; known: url, store, queueName, prefix, concurrency, lockDurationMs, lockRenewMs, stalledIntervalMs, maxStalledCount, drainMs, attempts, busyRetryMs, onError.',
    );
    await expect(RedisTaskQueue.connect({ url: 42 as never, store })).rejects.toThrow('url must be a redis:// URL');
    await expect(RedisTaskQueue.connect({ url: redis.url, store: {} as never })).rejects.toThrow(
      'store must be a TaskStore',
    );
  });

  it('refuses to enqueue before start, and a second start', async () => {
    const queue = await queueOn(`q${++queues}`, undefined);
    await expect(queue.enqueue(TASK)).rejects.toThrow('not been started');
    queue.start(async () => {});
    expect(() => queue.start(async () => {})).toThrow('twice');
  });
});
