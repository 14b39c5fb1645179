import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The key given for DPoP proofs cannot sign them (symmetric, public only, or not of the algorithm named). */
export class InvalidDpopKeyError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InvalidDpopKey;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(TesseraClientErrorCode.InvalidDpopKey, `Invalid DPoP key: ${reason}`, options);
  }
}
