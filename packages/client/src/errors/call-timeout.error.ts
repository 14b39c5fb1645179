import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The call's wall-clock limit (`timeoutMs`) ran out, across all its rounds. */
export class CallTimeoutError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.CallTimeout;

  constructor(
    readonly where: string,
    readonly timeoutMs: number,
  ) {
    super(TesseraClientErrorCode.CallTimeout, `${where} did not complete within ${timeoutMs} ms (timeoutMs).`);
  }
}
