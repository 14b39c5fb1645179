import { RequestStateErrorCode } from './codes';
import { RequestStateError } from './request-state-error';

/**
 * Sealing produced a token longer than `maxTokenLength`. Thrown at mint time so a server never hands out
 * a token it would itself refuse on the retry.
 */
export class RequestStateTooLargeError extends RequestStateError {
  declare readonly code: typeof RequestStateErrorCode.RequestStateTooLarge;

  constructor(
    readonly length: number,
    readonly maxTokenLength: number,
  ) {
    super(
      RequestStateErrorCode.RequestStateTooLarge,
      `Sealed requestState is ${length} characters, over maxTokenLength (${maxTokenLength}); keep less in the state or raise maxTokenLength`,
    );
  }
}
