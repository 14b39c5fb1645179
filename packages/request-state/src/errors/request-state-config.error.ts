import { RequestStateErrorCode } from './codes';
import { RequestStateError } from './request-state-error';

/**
 * A security policy was built with unusable options (thrown at construction), or its sealing key is worn
 * out (MAX_SEALS_PER_KEY reached: rotate).
 */
export class RequestStateConfigError extends RequestStateError {
  declare readonly code: typeof RequestStateErrorCode.RequestStateConfig;

  constructor(message: string) {
    super(RequestStateErrorCode.RequestStateConfig, message);
  }
}
