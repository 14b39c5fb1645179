import type { InputRequest } from '@modelcontextprotocol/server';
import type { StoredTask, TaskError, TaskStatus } from './stored-task';

/**
 * A change a step makes to a task that is not terminal yet. Absent fields stay as they are; `null` clears.
 * The store stamps `lastUpdatedAt` itself.
 */
export interface TaskChange {
  status?: TaskStatus;
  statusMessage?: string | null;
  /** The questions now outstanding (replaces the whole set); `null` when none are. */
  inputRequests?: Record<string, InputRequest> | null;
  /** The keys of `inputResponses` the step has read: they are dropped. */
  consumedResponses?: readonly string[];
  progress?: unknown;
  /** With `status: 'completed'`. */
  result?: Record<string, unknown>;
  /** With `status: 'failed'`. */
  error?: TaskError;
}

/** What `create` must respect besides writing the record, checked in the same atomic step. */
export interface TaskCreation {
  /** The most live (unexpired) tasks the new task's owner, and all owners together, may have; the new one would count. */
  caps: { perOwner: number; total: number };
  /**
   * The creating call's idempotency key: `name` stands for (owner, tool, key), `digest` for the arguments.
   * A live task created under the same name is answered instead of a new one (same digest), or the call is
   * refused (another digest). The name is kept as long as the task it names.
   */
  idempotency?: { name: string; digest: string };
}

/** What `create` did. */
export type CreateOutcome =
  | { kind: 'created' }
  /** A live task was created under the same idempotency name and arguments: that one, nothing written. */
  | { kind: 'existing'; task: StoredTask }
  /** The idempotency name is held by a live task with other arguments: nothing written. */
  | { kind: 'key-reused' }
  /** The owner's or the store's live tasks are at their cap: nothing written. */
  | { kind: 'over-cap'; cap: 'perOwner' | 'total' };

/** What `answer` did. */
export type AnswerOutcome =
  /** No such task for this owner (unknown, expired, or another caller's): the caller answers as for an unknown id. */
  | { kind: 'unknown' }
  /** The task exists but waits for nothing (working or terminal): nothing was recorded. */
  | { kind: 'not-waiting'; task: StoredTask }
  /**
   * The answers to outstanding keys were recorded (others ignored) and those keys left `inputRequests`.
   * `resume` is true for exactly one call: the one that answered the last outstanding key, which also moved
   * the task to `working`; that caller schedules the next step.
   */
  | { kind: 'recorded'; task: StoredTask; accepted: string[]; resume: boolean };

/** What `cancel` did. */
export type CancelOutcome =
  | { kind: 'unknown' }
  /** The task was not terminal and now is `cancelled`. */
  | { kind: 'cancelled'; task: StoredTask }
  /** The task had already ended (completed, failed or cancelled): unchanged. */
  | { kind: 'already-terminal'; task: StoredTask };

/**
 * Called with the task after every committed change, on every instance sharing the store. Every listener is
 * given the same object for one change: read it, never change it.
 */
export type TaskListener = (task: StoredTask) => void;

/**
 * Where tasks live. The in-memory default (`MemoryTaskStore`) serves one process; a store shared by a
 * fleet (Redis) must give every instance the same view, with these guarantees:
 *
 * - **Durable create.** `create` resolves only once a `get` on any instance finds the task (the extension
 *   forbids answering `CreateTaskResult` before that).
 * - **Bounded, once per key.** `create` counts the owner's and all live tasks and honours the idempotency
 *   name in the same atomic step as the write, so concurrent creations on several instances cannot pass a
 *   cap or make two tasks under one key (Redis: one Lua script).
 * - **Owner binding.** `get`, `answer` and `cancel` compare `owner` exactly; a task of another owner reads
 *   as unknown, the same answer as an id never issued, so ids cannot be probed.
 * - **TTL.** A task is gone at `createdAt + ttlMs`, whatever its status: every method then treats it as
 *   unknown. (Redis: `PEXPIREAT` on the task's keys, plus the check on read, since expiry is lazy.)
 * - **Terminal is final.** `update` and `answer` never change a `completed`, `failed` or `cancelled` task;
 *   `cancel` of a terminal task changes nothing. The first terminal write wins, so a step finishing after a
 *   cancel cannot resurrect the task.
 * - **Atomic read-modify-write.** `update`, `answer` and `cancel` each apply as one step against concurrent
 *   calls from any instance (Redis: one Lua script or WATCH/MULTI per call). In particular, of several
 *   `answer` calls that together answer every outstanding key, exactly one sees `resume: true`.
 * - **Change feed.** `watch` listeners hear every committed change (in commit order per task) on every
 *   instance, for `notifications/tasks` (Redis: publish in the same script, subscribe per instance).
 *
 * Nothing a store keeps is logged by Tessera; a store must not log task contents either (they hold the
 * user's answers and the tool's results).
 */
export interface TaskStore {
  /** Writes a new task unless `creation` says otherwise (see `CreateOutcome`); one atomic step. */
  create(task: StoredTask, creation: TaskCreation): Promise<CreateOutcome>;
  /** The task if it exists, has not expired, and belongs to `owner`. */
  get(taskId: string, owner: string): Promise<StoredTask | undefined>;
  /** The task for the runner, which acts for its owner: no owner check; expired reads as undefined. */
  load(taskId: string): Promise<StoredTask | undefined>;
  /** Applies `change` to a task that exists and is not terminal; the new record, or undefined if it is gone or terminal. */
  update(taskId: string, change: TaskChange): Promise<StoredTask | undefined>;
  /** Records `tasks/update` answers (see `AnswerOutcome`). Keys that are not outstanding are ignored. */
  answer(taskId: string, owner: string, responses: Record<string, unknown>): Promise<AnswerOutcome>;
  cancel(taskId: string, owner: string): Promise<CancelOutcome>;
  /** Listens to committed changes; returns the function that stops listening. */
  watch(listener: TaskListener): () => void;
  /** Releases timers and connections; the tasks themselves stay where the store keeps them. */
  close(): Promise<void>;
}
