import { RequestStateErrorCode } from './request-state-error-code';
import { RequestStateError } from './request-state-error';

/** A security policy was built with unusable options; thrown at construction, never while serving. */
export class RequestStateConfigError extends RequestStateError {
  declare readonly code: typeof RequestStateErrorCode.RequestStateConfig;

  constructor(message: string) {
    super(RequestStateErrorCode.RequestStateConfig, message);
  }
}
