import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** An `inputRequests` entry that is not an elicitation, sampling or roots request. */
export class InvalidInputRequestError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InvalidInputRequest;

  constructor(
    readonly key: string,
    readonly where: string,
    detail: string,
  ) {
    super(TesseraClientErrorCode.InvalidInputRequest, `${where} sent an invalid input request '${key}': ${detail}.`);
  }
}
