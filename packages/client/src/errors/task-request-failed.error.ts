import type { LegFailure } from '../rounds/leg-failure';
import type { TaskRequestMethod } from '../tasks/task-request-method';
import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * A `tasks/get`, `tasks/update` or `tasks/cancel` failed for good: a fleet-shaped failure (`failure`) that
 * outlasted the client's retries (`legRetry`), or another error from the transport or the server (`cause`).
 * The task itself was not cancelled and may still be running: `client.resumeTask(error.taskId)` follows it
 * again once the server is reachable.
 */
export class TaskRequestFailedError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.TaskRequestFailed;

  constructor(
    /** The task the request was about: what `resumeTask` takes. */
    readonly taskId: string,
    readonly method: TaskRequestMethod,
    /** The last failure as the retry policy read it; undefined when it was not fleet-shaped (not retried). */
    readonly failure: LegFailure | undefined,
    /** How many times the request was sent again before this failure. */
    readonly retries: number,
    cause: unknown,
  ) {
    const why = failure === undefined ? describe(cause) : describeFailure(failure);
    const after = retries === 0 ? '' : ` after ${retries} ${retries === 1 ? 'retry' : 'retries'}`;
    super(
      TesseraClientErrorCode.TaskRequestFailed,
      `${method} for task ${taskId} failed${after}: ${why}. The task may still be running: resumeTask('${taskId}') follows it again.`,
      { cause },
    );
  }
}

function describeFailure(failure: LegFailure): string {
  return failure.status === undefined ? failure.kind : `${failure.kind}, HTTP ${failure.status}`;
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'number' ? `${cause.message} (${code})` : cause.message;
}
