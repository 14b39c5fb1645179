import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * The task outlived its `ttlMs`: the server no longer knows it (its result, if it had one, is gone). Raised
 * instead of `TaskNotFoundError` when the client saw the task and its time to live has passed.
 */
export class TaskExpiredError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.TaskExpired;

  constructor(
    readonly taskId: string,
    readonly ttlMs: number,
    readonly createdAt: string,
  ) {
    super(
      TesseraClientErrorCode.TaskExpired,
      `Task ${taskId} expired: it was created at ${createdAt} with a time to live of ${ttlMs} ms, and the server no longer has it.`,
    );
  }
}
