import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** An options object given to the client holds a key it does not know (a misspelling), or is not an object. */
export class InvalidClientOptionsError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InvalidClientOptions;

  constructor(problem: string) {
    super(TesseraClientErrorCode.InvalidClientOptions, problem);
  }
}
