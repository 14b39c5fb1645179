import type { RoundHooks } from '../rounds/round-hooks.types';

/** Options for following a task to its result (`resumeTask`, `TaskHandle.result`). */
export interface TaskDriveOptions {
  /** Stops following the task, and cancels it on the server unless `cancelOnAbort` is false. */
  signal?: AbortSignal;
  /** Wall-clock limit for following the task; like `signal`, it cancels the task unless `cancelOnAbort` is false. */
  timeoutMs?: number;
  /** Whether stopping (signal or timeout) sends `tasks/cancel`. Default true. */
  cancelOnAbort?: boolean;
  /**
   * How many sets of questions the task may ask before the client stops answering and cancels it
   * (`TaskRoundsExceededError`). Default: the client's `maxRounds`.
   */
  maxRounds?: number;
  /** Run after the client's own hooks (`onTaskStatus`, `onInputRequest`, ...). */
  hooks?: RoundHooks;
}
