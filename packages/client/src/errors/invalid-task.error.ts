import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The server sent a task message the client cannot read (a missing or malformed field, named in the message). */
export class InvalidTaskError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InvalidTask;

  constructor(
    readonly where: string,
    readonly reason: string,
  ) {
    super(TesseraClientErrorCode.InvalidTask, `${where} answered a task the client cannot read: ${reason}.`);
  }
}
