import type { TaskQueue, TaskStep } from './task-queue';

interface Running {
  controller: AbortController;
  done: Promise<void>;
  /** Another step was enqueued while this one ran: run it after. */
  again: boolean;
}

/**
 * The default task queue: steps run in this process, one at a time per task (a step enqueued while its
 * task's step runs follows it). Nothing survives the process: a fleet needs a shared queue (see `TaskQueue`).
 */
export class MemoryTaskQueue implements TaskQueue {
  private step?: TaskStep;
  private closed = false;
  private readonly running = new Map<string, Running>();
  /** Reports a step that threw (a step records its own failures; this is for the ones it could not). */
  constructor(private readonly onStepError: (taskId: string, error: unknown) => void = () => {}) {}

  start(step: TaskStep): void {
    if (this.step) throw new Error('MemoryTaskQueue.start was called twice');
    this.step = step;
  }

  async enqueue(taskId: string): Promise<void> {
    if (this.closed) throw new Error('the task queue is closed');
    if (!this.step) throw new Error('the task queue has not been started');
    const current = this.running.get(taskId);
    if (current) {
      current.again = true;
      return;
    }
    this.run(taskId, this.step);
  }

  async abort(taskId: string): Promise<void> {
    this.running.get(taskId)?.controller.abort(new Error('the task was cancelled'));
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.running.values()];
    for (const r of all) r.controller.abort(new Error('the server is stopping'));
    await Promise.all(all.map((r) => r.done));
  }

  /** Steps in flight (for tests and stop diagnostics). */
  get active(): number {
    return this.running.size;
  }

  private run(taskId: string, step: TaskStep): void {
    const controller = new AbortController();
    const entry: Running = { controller, again: false, done: Promise.resolve() };
    this.running.set(taskId, entry);
    entry.done = (async () => {
      // a macrotask first: the step never runs inside the request that enqueued it
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        await step(taskId, controller.signal);
      } catch (error) {
        this.onStepError(taskId, error);
      } finally {
        this.running.delete(taskId);
        if (entry.again && !this.closed) this.run(taskId, step);
      }
    })();
  }
}
