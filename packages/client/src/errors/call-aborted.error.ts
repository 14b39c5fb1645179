import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The caller's `AbortSignal` fired; its reason is the `cause`. */
export class CallAbortedError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.CallAborted;

  constructor(
    readonly where: string,
    reason: unknown,
  ) {
    super(TesseraClientErrorCode.CallAborted, `${where} was aborted by the caller.`, { cause: reason });
  }
}
