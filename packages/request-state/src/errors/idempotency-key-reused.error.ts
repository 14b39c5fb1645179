import { RequestStateErrorCode } from './codes';
import { RequestStateError } from './request-state-error';

/**
 * A first leg came with an idempotency key its caller already used for the same tool with other arguments:
 * it is not a resend, and answering it with the other call's record would be wrong. Nothing ran for it.
 */
export class IdempotencyKeyReusedError extends RequestStateError {
  declare readonly code: typeof RequestStateErrorCode.IdempotencyKeyReused;

  constructor(readonly idempotencyKey: string) {
    super(
      RequestStateErrorCode.IdempotencyKeyReused,
      `idempotency key "${idempotencyKey}" was already used for this tool with other arguments; a new call needs a new key`,
    );
  }
}
