import { randomBytes } from 'node:crypto';
import { DelayedError, Queue, QueueEvents, RedisConnection, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { TaskQueue, TaskStep, TaskStore } from '@tessera/core/advanced';
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
   * How long a running step's claim lasts without renewal, in ms; default 30 000. The claim is renewed while
   * the step runs; an instance killed mid-step stops renewing, and after this long (plus up to
   * `stalledIntervalMs`) another instance runs the step again. Keep it above the longest time a handler
   * blocks the event loop, or a living step is taken for a dead one.
   */
  lockDurationMs?: number;
  /** How often every instance looks for steps whose claim lapsed; default 30 000 ms. */
  stalledIntervalMs?: number;
  /**
   * How many times one step may be recovered after its instance died before the task is failed instead
   * (a handler that kills its process every time must not loop forever); default 1.
   */
  maxStalledCount?: number;
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

/** A JSON-RPC internal error: the task could not be run to an outcome of its own. */
const INTERNAL_ERROR = -32603;

/**
 * The step queue shared by a fleet, on Redis through BullMQ: a step enqueued on any instance runs on
 * whichever instance has a free worker, so an answer given through instance B resumes a task parked by A.
 *
 * - **Durable.** `enqueue` adds a BullMQ job (`<taskId>.<random>`) and resolves once Redis holds it; while
 *   Redis is unreachable it rejects at once (the task surface answers the retryable -31503).
 * - **Recovery.** A step's job is claimed with a lock the worker renews; when its instance dies (`kill -9`)
 *   the lock lapses, BullMQ's stalled-job check on another instance puts it back, and it runs again there.
 *   After `maxStalledCount` recoveries, or `attempts` runs that threw, the task is failed (-32603) with the
 *   reason, so it is never left `working`.
 * - **One at a time per task.** A step takes the task's lock (`TaskStepLock`) first; one that finds it held
 *   waits `busyRetryMs` as a delayed job (no attempt used) and tries again.
 * - **Cancellation anywhere.** `abort` aborts the step on whichever instance runs it (a message on a
 *   pub/sub channel every instance hears).
 * - **Stopping.** `close` aborts this instance's running steps and puts their jobs back, so another instance
 *   runs them again.
 *
 * Since a step may run again after a crash, a tool's method runs at least once per task: a handler must be
 * idempotent or checkpoint its work (see the README). Jobs carry only the task id.
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
  private worker?: Worker<StepJob>;
  private closed = false;
  private readonly settings: Required<
    Pick<
      RedisTaskQueueOptions,
      | 'queueName'
      | 'prefix'
      | 'concurrency'
      | 'lockDurationMs'
      | 'stalledIntervalMs'
      | 'maxStalledCount'
      | 'attempts'
      | 'busyRetryMs'
    >
  >;

  private constructor(private readonly options: RedisTaskQueueOptions) {
    this.settings = {
      queueName: options.queueName ?? 'tessera-tasks',
      prefix: options.prefix ?? 'tessera:bull',
      concurrency: options.concurrency ?? 64,
      lockDurationMs: options.lockDurationMs ?? 30_000,
      stalledIntervalMs: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: options.maxStalledCount ?? 1,
      attempts: options.attempts ?? 3,
      busyRetryMs: options.busyRetryMs ?? 100,
    };
    for (const [name, value] of Object.entries(this.settings))
      if (typeof value === 'number' && !(Number.isInteger(value) && value >= (name === 'maxStalledCount' ? 0 : 1)))
        throw new TypeError(`RedisTaskQueue: ${name} must be a positive integer, got ${String(value)}`);
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
    if (typeof options?.url !== 'string') throw new TypeError('RedisTaskQueue: url must be a redis:// URL');
    if (typeof options.store?.update !== 'function') throw new TypeError('RedisTaskQueue: store must be a TaskStore');
    const queue = new RedisTaskQueue(options);
    try {
      await Promise.all([
        queue.queue.waitUntilReady(),
        queue.events.waitUntilReady(),
        RedisConnection.waitUntilReady(queue.publisher),
      ]);
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
    const { queueName, prefix, concurrency, lockDurationMs, stalledIntervalMs, maxStalledCount } = this.settings;
    this.worker = new Worker<StepJob>(queueName, (job, token) => this.process(step, job, token!), {
      connection: { url: this.options.url, maxRetriesPerRequest: null },
      prefix,
      concurrency,
      lockDuration: lockDurationMs,
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

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const controller of this.running.values()) controller.abort(new Error(STOPPING));
    await this.worker?.close();
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    this.subscriber.disconnect();
    this.publisher.disconnect();
    await this.commands.quit().catch(() => this.commands.disconnect());
  }

  private async process(step: TaskStep, job: Job<StepJob>, token: string): Promise<void> {
    const { taskId } = job.data;
    if (this.closed || !(await this.lock.acquire(taskId, token))) {
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
      Math.max(50, Math.floor(this.settings.lockDurationMs / 3)),
    );
    try {
      await step(taskId, controller.signal);
    } finally {
      clearInterval(renewal);
      this.running.delete(taskId);
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
    try {
      await this.options.store.update(taskId, {
        status: 'failed',
        error: { code: INTERNAL_ERROR, message, data: { reason: stalled ? 'instance_lost' : 'step_failed' } },
      });
    } catch (error) {
      this.fail(`failing task ${taskId}: ${(error as Error).message}`);
    }
  }

  private fail(what: string): void {
    this.options.onError?.(new Error(`RedisTaskQueue: ${what}`));
  }
}
