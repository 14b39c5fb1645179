/** What a handler running as a task can do about its task (`ctx.task`; undefined when the call runs inline). */
export interface TaskContext {
  /** The task's id, as the client knows it. */
  readonly taskId: string;
  /** Sets the task's `statusMessage` (shown by `tasks/get`, e.g. "copied 3 of 10 files"). */
  status(message: string): Promise<void>;
}
