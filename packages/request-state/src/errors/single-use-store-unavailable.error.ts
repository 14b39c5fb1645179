import { RequestStateErrorCode } from './codes';
import { RequestStateError } from './request-state-error';

/**
 * The single-use store did not answer (unreachable, failed, or slower than the timeout). The leg is refused
 * (fail closed: accepting it could accept a replay) and, since this is the server's failure and not the
 * client's state, answered as an internal error rather than the fixed -32602.
 */
export class SingleUseStoreUnavailableError extends RequestStateError {
  declare readonly code: typeof RequestStateErrorCode.SingleUseStoreUnavailable;

  constructor(detail: string, options?: { cause?: unknown }) {
    super(
      RequestStateErrorCode.SingleUseStoreUnavailable,
      `requestState single-use store unavailable: ${detail}; leg refused (fail closed)`,
      options,
    );
  }
}
