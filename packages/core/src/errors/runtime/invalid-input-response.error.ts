import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** An answer (from a push request on a 2025-era connection) does not match its question. */
export class InvalidInputResponseError extends TesseraError {
  constructor(message: string) {
    super(TesseraErrorCode.InvalidInputResponse, message);
  }
}
