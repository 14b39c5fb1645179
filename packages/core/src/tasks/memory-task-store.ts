import { expiresAt, type StoredTask } from './stored-task';
import type {
  AnswerOutcome,
  CancelOutcome,
  CreateOutcome,
  TaskChange,
  TaskCreation,
  TaskListener,
  TaskStore,
} from './task-store';
import { answerTask, applyTaskChange, cancelTask } from './task-transitions';

export interface MemoryTaskStoreOptions {
  /** The clock (epoch milliseconds); tests pass a fake one. */
  now?: () => number;
  /** How often expired tasks are swept out of memory (they read as gone from their expiry on regardless). Default 60 s. */
  sweepIntervalMs?: number;
}

/**
 * The default task store: a map in this process, nothing to set up. Records are copied in and out as JSON, as a
 * store that serializes them would, so nothing depends on sharing an object with the store. It serves one
 * instance; a fleet needs a shared store (see `TaskStore`).
 */
export class MemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, StoredTask>();
  /** Each owner's task ids, for the per-owner cap. */
  private readonly byOwner = new Map<string, Set<string>>();
  /** Idempotency name -> the task created under it and its arguments' digest; and back, to forget it with the task. */
  private readonly named = new Map<string, { taskId: string; digest: string }>();
  private readonly nameOf = new Map<string, string>();
  private readonly listeners = new Set<TaskListener>();
  private readonly now: () => number;
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    this.sweeper.unref();
  }

  /** Tasks held in memory right now (expired ones count until swept). */
  get size(): number {
    return this.tasks.size;
  }

  async create(task: StoredTask, creation: TaskCreation): Promise<CreateOutcome> {
    const { idempotency, caps } = creation;
    if (idempotency) {
      const earlier = this.named.get(idempotency.name);
      const existing = earlier && this.live(earlier.taskId);
      if (existing)
        return earlier.digest === idempotency.digest
          ? { kind: 'existing', task: copy(existing) }
          : { kind: 'key-reused' };
    }
    if (this.tasks.has(task.taskId)) throw new Error(`task id collision: ${task.taskId}`);
    if (this.liveOf(task.owner, caps.perOwner) >= caps.perOwner) return { kind: 'over-cap', cap: 'perOwner' };
    if (this.tasks.size >= caps.total) this.sweep();
    if (this.tasks.size >= caps.total) return { kind: 'over-cap', cap: 'total' };
    this.tasks.set(task.taskId, copy(task));
    let owned = this.byOwner.get(task.owner);
    if (!owned) this.byOwner.set(task.owner, (owned = new Set()));
    owned.add(task.taskId);
    if (idempotency) {
      this.named.set(idempotency.name, { taskId: task.taskId, digest: idempotency.digest });
      this.nameOf.set(task.taskId, idempotency.name);
    }
    this.changed(task);
    return { kind: 'created' };
  }

  async get(taskId: string, owner: string): Promise<StoredTask | undefined> {
    const task = this.live(taskId, owner);
    return task && copy(task);
  }

  async load(taskId: string): Promise<StoredTask | undefined> {
    const task = this.live(taskId);
    return task && copy(task);
  }

  async update(taskId: string, change: TaskChange): Promise<StoredTask | undefined> {
    const task = this.live(taskId);
    const next = task && applyTaskChange(task, copy(change), this.now());
    return next && this.write(next);
  }

  async answer(taskId: string, owner: string, responses: Record<string, unknown>): Promise<AnswerOutcome> {
    const task = this.live(taskId, owner);
    if (!task) return { kind: 'unknown' };
    const { outcome, write } = answerTask(task, copy(responses), this.now());
    if (write) this.write(write);
    return outcome.kind === 'recorded' || outcome.kind === 'not-waiting'
      ? { ...outcome, task: copy(outcome.task) }
      : outcome;
  }

  async cancel(taskId: string, owner: string): Promise<CancelOutcome> {
    const task = this.live(taskId, owner);
    if (!task) return { kind: 'unknown' };
    const { outcome, write } = cancelTask(task, this.now());
    if (write) this.write(write);
    return outcome.kind === 'unknown' ? outcome : { ...outcome, task: copy(outcome.task) };
  }

  watch(listener: TaskListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.listeners.clear();
  }

  /** The task if it exists, has not expired and (when given) belongs to `owner`; an expired one is dropped. */
  private live(taskId: string, owner?: string): StoredTask | undefined {
    const task = this.tasks.get(taskId);
    if (!task) return undefined;
    if (this.now() >= expiresAt(task)) {
      this.drop(task);
      return undefined;
    }
    return owner === undefined || task.owner === owner ? task : undefined;
  }

  private sweep(): void {
    const now = this.now();
    for (const task of this.tasks.values()) if (now >= expiresAt(task)) this.drop(task);
  }

  /** The owner's unexpired tasks, counted exactly (expired ones dropped on the way) only once `cap` is reached. */
  private liveOf(owner: string, cap: number): number {
    const owned = this.byOwner.get(owner);
    if (!owned || owned.size < cap) return owned?.size ?? 0;
    const now = this.now();
    for (const id of owned) {
      const task = this.tasks.get(id);
      if (task && now >= expiresAt(task)) this.drop(task);
    }
    return owned.size;
  }

  private drop(task: StoredTask): void {
    this.tasks.delete(task.taskId);
    const owned = this.byOwner.get(task.owner);
    owned?.delete(task.taskId);
    if (owned?.size === 0) this.byOwner.delete(task.owner);
    const name = this.nameOf.get(task.taskId);
    if (name !== undefined) {
      this.nameOf.delete(task.taskId);
      this.named.delete(name);
    }
  }

  /** Keeps `next` as the task's record, tells the watchers, and hands back a copy. */
  private write(next: StoredTask): StoredTask {
    this.tasks.set(next.taskId, next);
    this.changed(next);
    return copy(next);
  }

  /** One copy per change, shared by every listener (a listener must not change it). */
  private changed(task: StoredTask): void {
    if (this.listeners.size === 0) return;
    const shared = copy(task);
    for (const listener of this.listeners) {
      try {
        listener(shared);
      } catch {
        // a listener's failure is its own: the change is committed either way
      }
    }
  }
}

/** A JSON copy: what a store that serializes its records (Redis) gives back, nothing shared with the caller. */
function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
