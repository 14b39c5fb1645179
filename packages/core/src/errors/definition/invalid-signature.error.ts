import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** A handler's parameters and declared return cannot work together (e.g. `@Elicit` with a direct `InputRequiredResult`). */
export class InvalidSignatureError extends TesseraError {
  constructor(message: string) {
    super(TesseraErrorCode.InvalidSignature, message);
  }
}
