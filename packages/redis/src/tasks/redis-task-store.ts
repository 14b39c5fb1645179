import { createHash } from 'node:crypto';
import {
  answerTask,
  applyTaskChange,
  cancelTask,
  expiresAt,
  type AnswerOutcome,
  type CancelOutcome,
  type CreateOutcome,
  type StoredTask,
  type TaskChange,
  type TaskCreation,
  type TaskListener,
  type TaskStore,
} from '@tessera/core/advanced';
import type { RedisCommands, RedisPubSub } from '../redis-commands';
import { RedisScript } from '../redis-script';

export interface RedisTaskStoreOptions {
  /** A connected client for commands (`connectRedis(url)`). */
  client: RedisCommands;
  /** A second client, in subscribe mode, for the change feed (the event bus's subscriber can be shared). */
  subscriber: RedisPubSub;
  /** Prefix of the task keys; default `tessera:task:`. Every instance of one app uses the same one. */
  keyPrefix?: string;
  /** The change feed's channel; default `tessera:tasks`. */
  channel?: string;
  /** The clock (epoch milliseconds); tests pass a fake one. Default `Date.now`. */
  now?: () => number;
  /** A message on the channel that is not a task (dropped), or a listener that threw. Never holds task contents. */
  onError?: (error: Error) => void;
}

// A task is one hash: `t` the record as JSON, `v` its version. Writes are compare-and-set on `v`, in Lua,
// and publish the new record in the same script, so the feed carries changes in commit order.
//
// Creation also keeps, in the same script, the caps' counts and the idempotency names: a sorted set of the
// owner's task ids and one of every task id, each scored by the task's expiry (expired members are
// trimmed before counting), and per idempotency name a string `<expiry>.<taskId>.<arguments digest>` that
// expires with its task.
// KEYS: task, owner's set, all tasks' set, idempotency name (or the task key again when there is none).
// ARGV: record, life ms, channel, now, expiry, per-owner cap, total cap, task id, digest ('' for none), prefix.
const CREATE = new RedisScript(`
if ARGV[9] ~= '' then
  local named = redis.call('GET', KEYS[4])
  if named then
    local at, id, digest = string.match(named, '^(%d+)%.([^.]+)%.(.*)$')
    if tonumber(at) > tonumber(ARGV[4]) and redis.call('EXISTS', ARGV[10] .. id) == 1 then
      if digest == ARGV[9] then return {'existing', id} end
      return {'key-reused'}
    end
  end
end
if redis.call('EXISTS', KEYS[1]) == 1 then return {'collision'} end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[4])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[6]) then return {'over-cap', 'perOwner'} end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[4])
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[7]) then return {'over-cap', 'total'} end
redis.call('HSET', KEYS[1], 'v', '1', 't', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
for i = 2, 3 do
  redis.call('ZADD', KEYS[i], ARGV[5], ARGV[8])
  if redis.call('PTTL', KEYS[i]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
end
if ARGV[9] ~= '' then redis.call('SET', KEYS[4], ARGV[5] .. '.' .. ARGV[8] .. '.' .. ARGV[9], 'PX', ARGV[2]) end
redis.call('PUBLISH', ARGV[3], ARGV[1])
return {'created'}`);

const COMPARE_AND_SET = new RedisScript(`
local v = redis.call('HGET', KEYS[1], 'v')
if v ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', tostring(tonumber(v) + 1), 't', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[2])
return 1`);

/** How often a write that lost a race reads again before giving up (only a storm of writes to one task gets there). */
const MAX_ATTEMPTS = 64;

interface Versioned {
  version: string;
  task: StoredTask;
}

/**
 * The task store shared by a fleet, on Redis: every instance sees the same tasks, `tasks/get`, `tasks/update`
 * and `tasks/cancel` work on any of them, and `watch` hears the changes made anywhere.
 *
 * - A task is one key, `<prefix><taskId>`, that Redis expires when the task does (`createdAt + ttlMs`, measured
 *   on the creating instance's clock and set as the key's remaining life); reads also check the expiry, since
 *   Redis expires lazily.
 * - Caps and idempotency keys are checked in the creating script: `<prefix>owner:<sha256 of the owner>` and
 *   `<prefix>all` (sorted sets of live task ids) and `<prefix>key:<name>` (the task an idempotency key made).
 * - `update`, `answer` and `cancel` read the record, apply the contract's rule, and write it back with a
 *   compare-and-set on its version (one Lua script), reading again when another instance wrote first: each
 *   call is atomic, and of several answers completing the set exactly one resumes.
 * - Owner binding: a task of another owner reads as unknown.
 *
 * Nothing of a task is logged: the records hold the user's answers and the tool's results.
 */
export class RedisTaskStore implements TaskStore {
  private readonly listeners = new Set<TaskListener>();
  private readonly prefix: string;
  private readonly channel: string;
  private readonly now: () => number;
  private closed = false;

  private constructor(private readonly options: RedisTaskStoreOptions) {
    this.prefix = options.keyPrefix ?? 'tessera:task:';
    this.channel = options.channel ?? 'tessera:tasks';
    this.now = options.now ?? Date.now;
  }

  /** Subscribes to the change feed; resolves once changes made from then on reach `watch` listeners. */
  static async start(options: RedisTaskStoreOptions): Promise<RedisTaskStore> {
    if (typeof options?.client?.sendCommand !== 'function')
      throw new TypeError('RedisTaskStore: client must be a Redis client (sendCommand)');
    if (typeof options?.subscriber?.subscribe !== 'function')
      throw new TypeError('RedisTaskStore: subscriber must be a Redis client in subscribe mode (subscribe)');
    const store = new RedisTaskStore(options);
    await options.subscriber.subscribe(store.channel, (message) => store.receive(message));
    return store;
  }

  async create(task: StoredTask, creation: TaskCreation): Promise<CreateOutcome> {
    const first = await this.createOnce(task, creation);
    if (first !== 'expiring') return first;
    // the task under this idempotency name expired between the script and the read: its name goes with it
    const second = await this.createOnce(task, creation);
    if (second !== 'expiring') return second;
    throw new Error('RedisTaskStore: the task under this idempotency key is expiring; try again');
  }

  /** One run of the creating script; 'expiring' when the task it names has expired by this store's clock. */
  private async createOnce(task: StoredTask, creation: TaskCreation): Promise<CreateOutcome | 'expiring'> {
    const now = this.now();
    const lifeMs = Math.max(1, Math.ceil(expiresAt(task) - now));
    const { caps, idempotency } = creation;
    const taskKey = this.key(task.taskId);
    const reply = (await CREATE.run(
      this.options.client,
      [
        taskKey,
        `${this.prefix}owner:${createHash('sha256').update(task.owner).digest('base64url')}`,
        `${this.prefix}all`,
        idempotency ? `${this.prefix}key:${idempotency.name}` : taskKey,
      ],
      [
        JSON.stringify(task),
        String(lifeMs),
        this.channel,
        String(now),
        String(expiresAt(task)),
        String(caps.perOwner),
        String(caps.total),
        task.taskId,
        idempotency?.digest ?? '',
        this.prefix,
      ],
    )) as string[];
    switch (reply[0]) {
      case 'created':
        return { kind: 'created' };
      case 'key-reused':
        return { kind: 'key-reused' };
      case 'over-cap':
        return { kind: 'over-cap', cap: reply[1] === 'perOwner' ? 'perOwner' : 'total' };
      case 'existing': {
        const existing = await this.get(reply[1], task.owner);
        return existing ? { kind: 'existing', task: existing } : 'expiring';
      }
      default:
        throw new Error(`task id collision: ${task.taskId}`);
    }
  }

  async get(taskId: string, owner: string): Promise<StoredTask | undefined> {
    return (await this.read(taskId, owner))?.task;
  }

  async load(taskId: string): Promise<StoredTask | undefined> {
    return (await this.read(taskId))?.task;
  }

  update(taskId: string, change: TaskChange): Promise<StoredTask | undefined> {
    return this.mutate(taskId, undefined, (task) => {
      const next = task && applyTaskChange(task, change, this.now());
      return { outcome: next, write: next };
    });
  }

  answer(taskId: string, owner: string, responses: Record<string, unknown>): Promise<AnswerOutcome> {
    return this.mutate(taskId, owner, (task) =>
      task ? answerTask(task, responses, this.now()) : { outcome: { kind: 'unknown' } as const },
    );
  }

  cancel(taskId: string, owner: string): Promise<CancelOutcome> {
    return this.mutate(taskId, owner, (task) =>
      task ? cancelTask(task, this.now()) : { outcome: { kind: 'unknown' } as const },
    );
  }

  watch(listener: TaskListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Stops hearing the feed (the clients are the caller's to close); the tasks stay in Redis. The unsubscribe
   * is sent, not awaited: while Redis is down a client holds it until it reconnects, and nothing reaches a
   * listener from now on anyway (closing the client settles it).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    this.options.subscriber.unsubscribe(this.channel).catch(() => undefined);
  }

  private key(taskId: string): string {
    return this.prefix + taskId;
  }

  /** The live record and its version; undefined when missing, expired, or (given `owner`) another owner's. */
  private async read(taskId: string, owner?: string): Promise<Versioned | undefined> {
    const reply = (await this.options.client.sendCommand(['HMGET', this.key(taskId), 'v', 't'])) as [
      string | null,
      string | null,
    ];
    const [version, json] = reply ?? [null, null];
    if (version === null || json === null) return undefined;
    const task = JSON.parse(json) as StoredTask;
    if (this.now() >= expiresAt(task)) return undefined;
    if (owner !== undefined && task.owner !== owner) return undefined;
    return { version, task };
  }

  /** Read, decide, compare-and-set; again from the read when another write came first. */
  private async mutate<T>(
    taskId: string,
    owner: string | undefined,
    decide: (task: StoredTask | undefined) => { outcome: T; write?: StoredTask },
  ): Promise<T> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.read(taskId, owner);
      const { outcome, write } = decide(current?.task);
      if (!current || !write) return outcome;
      const written = await COMPARE_AND_SET.run(
        this.options.client,
        [this.key(taskId)],
        [current.version, JSON.stringify(write), this.channel],
      );
      if (Number(written) === 1) return outcome;
    }
    throw new Error(`RedisTaskStore: task ${taskId} changed under ${MAX_ATTEMPTS} writes in a row; gave up`);
  }

  private receive(message: string): void {
    if (this.listeners.size === 0) return;
    let task: StoredTask;
    try {
      task = JSON.parse(message) as StoredTask;
    } catch {
      this.fail(`a message on ${this.channel} is not JSON; dropped`);
      return;
    }
    if (typeof task?.taskId !== 'string' || typeof task.status !== 'string') {
      this.fail(`a message on ${this.channel} is not a task; dropped`);
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(task); // one parsed record for every listener (they only read it)
      } catch (error) {
        this.fail(`a task listener threw: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  private fail(what: string): void {
    this.options.onError?.(new Error(`RedisTaskStore: ${what}`));
  }
}
