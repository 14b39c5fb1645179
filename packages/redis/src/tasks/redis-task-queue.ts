import { randomBytes } from 'node:crypto';
import { DelayedError, Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { TaskQueue, TaskStep, TaskStore } from '@tessera/core/advanced';
import { checkRedisOptions } from '../check-redis-options';
import { isReady, whenReady, whenUnreachable } from './ioredis-state';
import { TaskStepLock } from './task-step-lock';

export interface RedisTaskQueueOptions {
  /** `redis://host:port`: the Redis every instance of the fleet shares. */
  url: string;
  /** The task store, where a task BullMQ gives up on is failed with a reason. */
  store: TaskStore;
  /** The BullMQ queue's name; default `tessera-tasks`. Every instance of one app uses the same one. */
  queueName?: string;
  /** BullMQ's key prefix; default `tessera:bull`. */
  prefix?: string;
  /** Steps this instance runs at once; default 64 (a step mostly waits: on the store, on the tool's own I/O). */
  concurrency?: number;
  /**
   * How long a running step's claim (BullMQ's job lock, and the task's step lock) lasts without renewal, in ms;
   * default 10 000. The claim is renewed every `lockRenewMs` while the step runs. An instance killed mid-step
   * stops renewing; its step runs again on another instance within `lockDurationMs + stalledIntervalMs` of
   * the kill (default 15 s), plus the moment a worker takes it. It also sets how long a Redis outage may last
   * without a running step being taken for a dead one: up to `lockDurationMs - lockRenewMs` (default 5 s).
   * Keep `lockDurationMs - lockRenewMs` above the longest time a handler blocks the event loop.
   */
  lockDurationMs?: number;
  /** How often a running step's claim is renewed, in ms; default half of `lockDurationMs` (BullMQ's `lockRenewTime`). */
  lockRenewMs?: number;
  /**
   * How often the instances look for steps whose claim lapsed, in ms; default 5 000 (BullMQ's
   * `stalledInterval`, one check for the whole fleet each interval).
   */
  stalledIntervalMs?: number;
  /**
   * How many times one step may be recovered after its instance died before the task is failed instead
   * (a handler that kills its process every time must not loop forever); default 1.
   */
  maxStalledCount?: number;
  /**
   * On a graceful stop (`drain`, then `close`), how long running steps may take to finish, in ms; default
   * 5 000. A step still running then is aborted (its `ctx.signal`, reason `the server is stopping`) and put
   * back at once, so another instance runs it from the start. Keep it under `stopOnSignals`'
   * `exitDeadlineMs` (default 10 000), or the process exits first and the step waits for the stalled check.
   */
  drainMs?: number;
  /** Runs of a step that throws (the store unreachable, say) before the task is failed; default 3. */
  attempts?: number;
  /** Delay before a step that found its task's step running elsewhere tries again; default 100 ms. */
  busyRetryMs?: number;
  /** Queue, connection and step errors; never holds task contents. Default: ignored. */
  onError?: (error: Error) => void;
}

interface StepJob {
  taskId: string;
}

const STOPPING = 'the server is stopping';

const DEFAULT_LOCK_DURATION_MS = 10_000;
const DEFAULT_STALLED_INTERVAL_MS = 5_000;
const DEFAULT_DRAIN_MS = 5_000;
/** How long failing a task BullMQ gave up on is tried again while the store does not take the write. */
const FAIL_TASK_RETRY_MS = 10_000;

/** Every option's name, so a misspelt one is refused instead of silently ignored. */
const OPTION_NAMES = {
  url: true,
  store: true,
  queueName: true,
  prefix: true,
  concurrency: true,
  lockDurationMs: true,
  lockRenewMs: true,
  stalledIntervalMs: true,
  maxStalledCount: true,
  drainMs: true,
  attempts: true,
  busyRetryMs: true,
  onError: true,
} as const satisfies Record<keyof RedisTaskQueueOptions, true>;

/** A JSON-RPC internal error: the task could not be run to an outcome of its own. */
const INTERNAL_ERROR = -32603;

/**
 * The step queue shared by a fleet, on Redis through BullMQ: a step enqueued on any instance runs on
 * whichever instance has a free worker, so an answer given through instance B resumes a task parked by A.
 *
 * - **Durable.** `enqueue` adds a BullMQ job (`<taskId>.<random>`) and resolves once Redis holds it; while
 *   Redis is unreachable it rejects at once (the task surface answers the retryable -31503).
 * - **Recovery.** A step's job is claimed with a lock the worker renews; when its instance dies (`kill -9`)
 *   the lock lapses, BullMQ's stalled-job check on another instance puts it back, and it runs again there,
 *   within `lockDurationMs + stalledIntervalMs` of the death. After `maxStalledCount` recoveries, or
 *   `attempts` runs that threw, the task is failed (-32603) with the reason, so it is never left `working`.
 * - **One at a time per task.** A step takes the task's lock (`TaskStepLock`) first; one that finds it held
 *   waits `busyRetryMs` as a delayed job (no attempt used) and tries again.
 * - **Cancellation anywhere.** `abort` aborts the step on whichever instance runs it (a message on a
 *   pub/sub channel every instance hears).
 * - **Stopping.** `drain` (the app calls it when its stop begins) takes no new step here and lets the running
 *   ones finish, for up to `drainMs`; only a step still running then is aborted and put back, so another
 *   instance runs it again. Steps enqueued meanwhile go to the other instances. `close` drains first.
 *
 * A step runs again only when its instance died (or could not finish it within `drainMs` of a stop), so a
 * tool's method runs at least once per task: a handler must be idempotent or checkpoint its work (see the
 * README). Jobs carry only the task id.
 */
export class RedisTaskQueue implements TaskQueue {
  private readonly queue: Queue<StepJob>;
  private readonly events: QueueEvents;
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  /** Publishes cancellations; fails fast, as the queue's connection does, so a cancel never waits for Redis. */
  private readonly publisher: Redis;
  private readonly lock: TaskStepLock;
  private readonly abortChannel: string;
  private readonly running = new Map<string, AbortController>();
  /** The steps running here, settled once each has returned (its job's bookkeeping in Redis may still wait). */
  private readonly steps = new Set<Promise<void>>();
  private worker?: Worker<StepJob>;
  private draining?: Promise<void>;
  private closed = false;
  private readonly settings: Required<
    Pick<
      RedisTaskQueueOptions,
      | 'queueName'
      | 'prefix'
      | 'concurrency'
      | 'lockDurationMs'
      | 'lockRenewMs'
      | 'stalledIntervalMs'
      | 'maxStalledCount'
      | 'drainMs'
      | 'attempts'
      | 'busyRetryMs'
    >
  >;

  private constructor(private readonly options: RedisTaskQueueOptions) {
    const lockDurationMs = options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS;
    this.settings = {
      queueName: options.queueName ?? 'tessera-tasks',
      prefix: options.prefix ?? 'tessera:bull',
      concurrency: options.concurrency ?? 64,
      lockDurationMs,
      lockRenewMs: options.lockRenewMs ?? Math.max(1, Math.floor(lockDurationMs / 2)),
      stalledIntervalMs: options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
      maxStalledCount: options.maxStalledCount ?? 1,
      drainMs: options.drainMs ?? DEFAULT_DRAIN_MS,
      attempts: options.attempts ?? 3,
      busyRetryMs: options.busyRetryMs ?? 100,
    };
    for (const [name, value] of Object.entries(this.settings))
      if (typeof value === 'number' && !(Number.isInteger(value) && value >= (name === 'maxStalledCount' ? 0 : 1)))
        throw new TypeError(`RedisTaskQueue: ${name} must be a positive integer, got ${String(value)}`);
    if (this.settings.lockRenewMs >= lockDurationMs)
      throw new TypeError(
        `RedisTaskQueue: lockRenewMs (${this.settings.lockRenewMs}) must be below lockDurationMs (${lockDurationMs}), or the claim lapses between renewals`,
      );
    const { queueName, prefix } = this.settings;
    const connection = { url: options.url, maxRetriesPerRequest: null };
    // Adding a step fails at once while Redis is unreachable (BullMQ's "failing fast" setting), rather than
    // waiting for it to come back: the request that schedules it is refused, retryably, and sent again.
    const failFast = { enableOfflineQueue: false, maxRetriesPerRequest: 1 };
    this.queue = new Queue<StepJob>(queueName, { connection: { url: options.url, ...failFast }, prefix });
    this.events = new QueueEvents(queueName, { connection, prefix });
    this.commands = new Redis(options.url, { maxRetriesPerRequest: null });
    this.subscriber = new Redis(options.url, { maxRetriesPerRequest: null });
    this.publisher = new Redis(options.url, failFast);
    const onError = (e: Error) => this.fail(`redis: ${e.message}`);
    this.queue.on('error', onError);
    this.events.on('error', onError);
    this.commands.on('error', onError);
    this.subscriber.on('error', onError);
    this.publisher.on('error', onError);
    this.lock = new TaskStepLock(this.commands, `${prefix}:${queueName}:step-lock:`, this.settings.lockDurationMs);
    this.abortChannel = `${prefix}:${queueName}:abort`;
  }

  /** Connects (queue, events, abort channel); the worker starts with `start`. */
  static async connect(options: RedisTaskQueueOptions): Promise<RedisTaskQueue> {
    checkRedisOptions(options ?? {}, OPTION_NAMES, 'RedisTaskQueue');
    if (typeof options?.url !== 'string') throw new TypeError('RedisTaskQueue: url must be a redis:// URL');
    if (typeof options.store?.update !== 'function') throw new TypeError('RedisTaskQueue: store must be a TaskStore');
    const queue = new RedisTaskQueue(options);
    try {
      await Promise.all([queue.queue.waitUntilReady(), queue.events.waitUntilReady(), whenReady(queue.publisher)]);
      await queue.subscriber.subscribe(queue.abortChannel);
      queue.subscriber.on('message', (channel: string, taskId: string) => {
        if (channel === queue.abortChannel) queue.abortHere(taskId, 'the task was cancelled');
      });
      queue.events.on('failed', ({ jobId, failedReason }) => void queue.failTask(jobId, failedReason));
    } catch (error) {
      await queue.close().catch(() => undefined);
      throw error;
    }
    return queue;
  }

  start(step: TaskStep): void {
    if (this.worker) throw new Error('RedisTaskQueue.start was called twice');
    if (this.closed) throw new Error('the task queue is closed');
    const { queueName, prefix, concurrency, lockDurationMs, lockRenewMs, stalledIntervalMs, maxStalledCount } =
      this.settings;
    this.worker = new Worker<StepJob>(queueName, (job, token) => this.process(step, job, token!), {
      connection: { url: this.options.url, maxRetriesPerRequest: null },
      prefix,
      concurrency,
      lockDuration: lockDurationMs,
      lockRenewTime: lockRenewMs,
      stalledInterval: stalledIntervalMs,
      maxStalledCount,
    });
    this.worker.on('error', (e) => this.fail(`worker: ${e.message}`));
    this.worker.on('failed', (job, error) => {
      // the worker's own view of a final failure; other instances hear it through QueueEvents
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) void this.failTask(job.id, error.message);
    });
  }

  async enqueue(taskId: string): Promise<void> {
    if (this.closed) throw new Error('the task queue is closed');
    if (!this.worker) throw new Error('the task queue has not been started');
    await this.queue.add(
      'step',
      { taskId },
      {
        jobId: `${taskId}.${randomBytes(6).toString('base64url')}`,
        attempts: this.settings.attempts,
        backoff: { type: 'exponential', delay: 200 },
        removeOnComplete: true,
        removeOnFail: { age: 86_400, count: 10_000 },
      },
    );
  }

  async abort(taskId: string): Promise<void> {
    this.abortHere(taskId, 'the task was cancelled');
    await this.publisher.publish(this.abortChannel, taskId);
  }

  /** Steps running on this instance (for tests and stop diagnostics). */
  get active(): number {
    return this.running.size;
  }

  /**
   * The stop has begun: this instance takes no new step (the others' workers take them; `enqueue` and `abort`
   * still work), and the running steps get `drainMs` to finish. Those still running then are aborted and put
   * back for another instance. Resolves once none runs here.
   */
  drain(): Promise<void> {
    this.draining ??= (async () => {
      const handOver = setTimeout(() => {
        for (const controller of this.running.values()) controller.abort(new Error(STOPPING));
      }, this.settings.drainMs);
      const closing = this.worker?.close() ?? Promise.resolve();
      try {
        // with Redis down, BullMQ's close waits for it to come back (the jobs' bookkeeping, the lock's release):
        // once no step runs here, the connections are dropped instead, and the steps' jobs recovered elsewhere
        await Promise.race([closing, this.stepsReturned().then(() => this.dropWhenUnreachable(closing))]);
      } finally {
        clearTimeout(handOver);
      }
    })();
    return this.draining;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.drain();
    if (!isReady(this.commands)) await Promise.allSettled([this.events.disconnect(), this.queue.disconnect()]);
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    this.subscriber.disconnect();
    this.publisher.disconnect();
    if (isReady(this.commands)) await this.commands.quit().catch(() => this.commands.disconnect());
    else this.commands.disconnect();
  }

  /** Resolves once every step running here has returned (none starts once the drain has begun). */
  private async stepsReturned(): Promise<void> {
    while (this.steps.size > 0) await Promise.allSettled([...this.steps]);
  }

  /**
   * After the steps returned: waits for the worker's graceful close, unless Redis is unreachable now or
   * becomes so meanwhile; then drops the worker's and the lock's connections, which fails what waits on them.
   */
  private async dropWhenUnreachable(closing: Promise<void>): Promise<void> {
    const outage = whenUnreachable(this.commands);
    const first = await Promise.race([closing.then(() => 'closed' as const), outage.promise]);
    outage.cancel();
    if (first === 'closed') return;
    this.commands.disconnect();
    await this.worker?.disconnect().catch(() => undefined);
    await closing.catch(() => undefined);
  }

  private async process(step: TaskStep, job: Job<StepJob>, token: string): Promise<void> {
    const { taskId } = job.data;
    // a job fetched as the drain began is put straight back (no attempt used) for another instance
    if (this.draining || !(await this.lock.acquire(taskId, token))) {
      await job.moveToDelayed(Date.now() + this.settings.busyRetryMs, token);
      throw new DelayedError();
    }
    const controller = new AbortController();
    this.running.set(taskId, controller);
    const renewal = setInterval(
      () =>
        void this.lock.renew(taskId, token).then(
          (held) => held || this.fail(`the step lock of task ${taskId} lapsed while its step ran`),
          (e: Error) => this.fail(`renewing the step lock of task ${taskId}: ${e.message}`),
        ),
      this.settings.lockRenewMs,
    );
    const stepping = step(taskId, controller.signal);
    const returned = stepping.then(
      () => undefined,
      () => undefined,
    );
    this.steps.add(returned);
    try {
      await stepping;
    } finally {
      clearInterval(renewal);
      this.running.delete(taskId);
      this.steps.delete(returned);
      await this.lock.release(taskId, token).catch(() => undefined);
    }
    if (controller.signal.aborted && (controller.signal.reason as Error)?.message === STOPPING) {
      // stopped by this instance going away, not by its task: another instance runs the step again
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
  }

  private abortHere(taskId: string, reason: string): void {
    this.running.get(taskId)?.abort(new Error(reason));
  }

  /** BullMQ gave up on a step's job: the task is failed with the reason (terminal is final, so once). */
  private async failTask(jobId: string | undefined, failedReason: string): Promise<void> {
    const taskId = jobId?.split('.')[0];
    if (!taskId) return;
    const stalled = /stalled more than allowable limit/.test(failedReason);
    const message = stalled
      ? `the instance running the task stopped mid-run and the step had been recovered ${this.settings.maxStalledCount} time(s) already; it was not resumed again`
      : `the task's step could not run after ${this.settings.attempts} attempts`;
    const change = {
      status: 'failed' as const,
      error: { code: INTERNAL_ERROR, message, data: { reason: stalled ? 'instance_lost' : 'step_failed' } },
    };
    // the store may be out with the rest of Redis: tried again for a while, or the task would stay `working`
    const giveUpAt = Date.now() + FAIL_TASK_RETRY_MS;
    for (let waitMs = 100; ; waitMs = Math.min(waitMs * 2, 1000)) {
      try {
        await this.options.store.update(taskId, change);
        return;
      } catch (error) {
        if (Date.now() + waitMs > giveUpAt) {
          this.fail(`failing task ${taskId}: ${(error as Error).message}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  }

  private fail(what: string): void {
    this.options.onError?.(new Error(`RedisTaskQueue: ${what}`));
  }
}
