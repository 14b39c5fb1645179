import { RequestStateErrorCode } from './codes';
import { RequestStateError } from './request-state-error';

/**
 * A resend of an idempotent leg found the leg still running on a live instance after the configured wait.
 * Nothing ran for this resend; the client sends it again later and gets the answer once the run finishes.
 */
export class LegInProgressError extends RequestStateError {
  declare readonly code: typeof RequestStateErrorCode.LegInProgress;

  constructor(waitedMs: number) {
    super(
      RequestStateErrorCode.LegInProgress,
      `the leg is still running on another instance after ${waitedMs} ms; send it again later`,
    );
  }
}
