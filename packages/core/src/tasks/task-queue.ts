/**
 * One step of a task: load it, run what can run now (ask its next questions, or run the tool's method to
 * its end), write the outcome to the store. A step is safe to run again: one that finds its task terminal,
 * or still waiting for answers, does nothing. `signal` aborts when the task is cancelled or the instance
 * stops.
 */
export type TaskStep = (taskId: string, signal: AbortSignal) => Promise<void>;

/**
 * How steps get run: a task's first step after `tools/call` creates it, and the next step once
 * `tasks/update` has answered every outstanding question, possibly on another instance than the one that
 * parked it. The in-memory default (`MemoryTaskQueue`) runs steps in this process; a queue shared by a
 * fleet (Redis, through a job library) must guarantee:
 *
 * - **Durable enqueue.** `enqueue` resolves once the step is recorded where every instance's workers see it.
 * - **At least once, never two at a time.** Every enqueued step runs; a step whose instance dies mid-run
 *   (`kill -9`) is run again elsewhere after the queue notices (stalled-job recovery), or the task is failed
 *   with a clear error: never left `working` forever. Two steps of one task never run at once.
 * - **Cancellation anywhere.** `abort(taskId)` aborts the running step's signal on whichever instance runs it.
 * - **Stopping.** `close` stops taking new steps and aborts the running ones (a shared queue hands them
 *   to another instance); it resolves when they have settled. A shared queue should also have `drain`.
 *
 * Because a step may run more than once (its instance died), a tool's method runs at least once per task,
 * not exactly once: a handler on a fleet must be idempotent or checkpoint its work (see the README's Tasks
 * section).
 */
export interface TaskQueue {
  /** Starts running steps with `step`. Called once, before the first `enqueue`. */
  start(step: TaskStep): void;
  enqueue(taskId: string): Promise<void>;
  abort(taskId: string): Promise<void>;
  /**
   * Optional: the application's stop has begun (`app.close()` calls it first, while its listeners drain).
   * Take no new step here, let the running ones finish within the queue's own bound, and hand over only
   * those that cannot; `enqueue` and `abort` keep working until `close`. Resolves once no step runs here.
   */
  drain?(): Promise<void>;
  close(): Promise<void>;
}
