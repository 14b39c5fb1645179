import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * The server does not know the task: a mistyped id, another caller's task (servers answer both alike), or a
 * task dropped before its time to live. `cause` is the server's `-32602` error.
 */
export class TaskNotFoundError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.TaskNotFound;

  constructor(
    readonly taskId: string,
    readonly method: string,
    cause: unknown,
  ) {
    const detail = cause instanceof Error ? ` (${cause.message})` : '';
    super(TesseraClientErrorCode.TaskNotFound, `${method}: the server has no task ${taskId}${detail}.`, { cause });
  }
}
