import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/**
 * The user declined or cancelled a question whose parameter needs a value; the call ends with this message.
 * The message is for the person who answered; the advice for the server's author is `hint` (logged, never sent).
 */
export class ElicitationDeclinedError extends TesseraError {
  readonly hint =
    "To handle a decline in the method, declare the parameter as Elicitation<T> or write inject: 'outcome'; " +
    'questions waiting for it then see the outcome.';

  constructor(
    readonly key: string,
    readonly action: 'decline' | 'cancel',
  ) {
    super(
      TesseraErrorCode.ElicitationDeclined,
      `The user ${action === 'decline' ? 'declined' : 'cancelled'} the question "${key}", so the request cannot go on.`,
    );
  }
}
