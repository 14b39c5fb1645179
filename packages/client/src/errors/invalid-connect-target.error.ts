import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** `connect()` was given something that is neither stdio, HTTP, in-memory fetch nor a transport. */
export class InvalidConnectTargetError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InvalidConnectTarget;

  constructor(detail: string) {
    super(
      TesseraClientErrorCode.InvalidConnectTarget,
      `Cannot connect: ${detail}. Expected { command, args?, env? }, { url, fetch?, headers? }, { fetch } or { transport }.`,
    );
  }
}
