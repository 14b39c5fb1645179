import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** A guard refused the call. The message is shown to the client, so keep it free of secrets. */
export class ForbiddenError extends TesseraError {
  constructor(message = 'Forbidden') {
    super(TesseraErrorCode.Forbidden, message);
  }
}
