import { expiresAt, type StoredTask } from './stored-task';
import type { AnswerOutcome, CancelOutcome, TaskChange, TaskListener, TaskStore } from './task-store';
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

  async create(task: StoredTask): Promise<void> {
    if (this.tasks.has(task.taskId)) throw new Error(`task id collision: ${task.taskId}`);
    this.tasks.set(task.taskId, copy(task));
    this.changed(task);
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
      this.tasks.delete(taskId);
      return undefined;
    }
    return owner === undefined || task.owner === owner ? task : undefined;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, task] of this.tasks) if (now >= expiresAt(task)) this.tasks.delete(id);
  }

  /** Keeps `next` as the task's record, tells the watchers, and hands back a copy. */
  private write(next: StoredTask): StoredTask {
    this.tasks.set(next.taskId, next);
    this.changed(next);
    return copy(next);
  }

  private changed(task: StoredTask): void {
    if (this.listeners.size === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(copy(task));
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
