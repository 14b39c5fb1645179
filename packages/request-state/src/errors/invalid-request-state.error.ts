import type { InvalidStateReason } from './invalid-state-reason';
import { RequestStateErrorCode } from './codes';
import { RequestStateError } from './request-state-error';

/** The one message every refusal carries, whatever the cause. */
export const INVALID_REQUEST_STATE_MESSAGE = 'Invalid or expired requestState';

/**
 * A requestState was refused. `message` is always {@link INVALID_REQUEST_STATE_MESSAGE}; the cause is in
 * `reason` (and `cause` for a codec's own error), for server logs only.
 */
export class InvalidRequestStateError extends RequestStateError {
  declare readonly code: typeof RequestStateErrorCode.InvalidRequestState;

  /**
   * For a codec's or bindPrincipal's own error: its name and message with the token cut out, for a log
   * line. Not enumerable, so serialising the error (JSON, a wire) never carries it.
   */
  declare readonly detail: string | undefined;

  constructor(
    readonly reason: InvalidStateReason,
    options?: { cause?: unknown; detail?: string },
  ) {
    super(
      RequestStateErrorCode.InvalidRequestState,
      INVALID_REQUEST_STATE_MESSAGE,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    Object.defineProperty(this, 'detail', { value: options?.detail, enumerable: false });
  }
}

/**
 * Whether `value` is an InvalidRequestStateError, by the package's brand and code rather than
 * `instanceof`, so an error thrown by a second loaded copy of this package (two bundles, a module loaded
 * twice) is still recognised and answered with the fixed -32602.
 */
export function isInvalidRequestStateError(value: unknown): value is InvalidRequestStateError {
  return RequestStateError.isInstance(value) && value.code === RequestStateErrorCode.InvalidRequestState;
}
