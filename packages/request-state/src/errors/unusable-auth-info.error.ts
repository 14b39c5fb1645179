import { RequestStateErrorCode } from './codes';
import { RequestStateError } from './request-state-error';

/**
 * The verified auth info carries a principal part that cannot be used (an object, a boolean, an empty
 * string...). Binding without it would silently widen the principal to the client id, letting another
 * user of the same client finish the flow, so the request is refused instead. The message names the
 * field and its kind, never its value; the fix belongs in the token verifier.
 */
export class UnusableAuthInfoError extends RequestStateError {
  declare readonly code: typeof RequestStateErrorCode.UnusableAuthInfo;

  constructor(
    readonly field: string,
    kind: string,
  ) {
    super(
      RequestStateErrorCode.UnusableAuthInfo,
      `Verified auth info has an unusable ${field} (${kind}): a principal part must be a non-empty string or a finite ` +
        `number. Fix the token verifier; the request is refused rather than bound to the client id alone`,
    );
  }
}
