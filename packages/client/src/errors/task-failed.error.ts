import type { TaskError } from '../tasks/task-wire.types';
import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * The task ended `failed`: the tool's call hit a JSON-RPC error while it ran. `error` is that error as the
 * server sent it. (A tool result with `isError: true` is a completed task, returned as a result.)
 */
export class TaskFailedError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.TaskFailed;

  constructor(
    readonly taskId: string,
    readonly error: TaskError,
    readonly statusMessage?: string,
  ) {
    super(
      TesseraClientErrorCode.TaskFailed,
      `Task ${taskId} failed: ${error.message} (JSON-RPC ${error.code})` +
        (statusMessage !== undefined && statusMessage !== error.message ? `; status: ${statusMessage}` : '') +
        '.',
    );
  }
}
