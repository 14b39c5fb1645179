import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** The user declined or cancelled a question whose parameter needs a value; the call ends with this message. */
export class ElicitationDeclinedError extends TesseraError {
  constructor(
    readonly key: string,
    readonly action: 'decline' | 'cancel',
  ) {
    super(
      TesseraErrorCode.ElicitationDeclined,
      `The user ${action === 'decline' ? 'declined' : 'cancelled'} the question "${key}". ` +
        '(Declare the parameter as Elicitation<T> to handle this in the method; questions waiting for it then see the outcome.)',
    );
  }
}
