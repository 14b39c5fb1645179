import type { InputKind } from '../callbacks/input-kind';
import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** A callback threw while answering an input request; the original error is the `cause`. */
export class InputCallbackFailedError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InputCallbackFailed;

  constructor(
    readonly kind: InputKind,
    readonly key: string | undefined,
    readonly where: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      TesseraClientErrorCode.InputCallbackFailed,
      `The ${kind} callback failed for ${where}${key === undefined ? '' : ` (input request '${key}')`}: ${reason}`,
      { cause },
    );
  }
}
