import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * The workload identity assertion (RFC 7523 JWT bearer grant) is unusable before it is sent: not a JWT, or
 * already expired. Checked locally so an authorization server is never sent a token that cannot pass.
 */
export class InvalidAssertionError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InvalidAssertion;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(TesseraClientErrorCode.InvalidAssertion, `Invalid workload assertion: ${reason}`, options);
  }
}
