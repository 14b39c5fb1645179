import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The task ended `cancelled` (by a `tasks/cancel` from elsewhere, or by the server) before it had a result. */
export class TaskCancelledError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.TaskCancelled;

  constructor(
    readonly taskId: string,
    readonly statusMessage?: string,
  ) {
    super(
      TesseraClientErrorCode.TaskCancelled,
      `Task ${taskId} was cancelled` + (statusMessage !== undefined ? `: ${statusMessage}` : '') + '.',
    );
  }
}
