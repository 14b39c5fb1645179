import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** One field that failed validation: its dotted path (`items.0.name`) and why. */
export interface FieldIssue {
  path: string;
  messages: string[];
}

/** The call's arguments failed the DTO's validation; the message names every bad field (safe to show the client). */
export class ArgumentValidationError extends TesseraError {
  constructor(
    message: string,
    readonly issues: FieldIssue[],
  ) {
    super(TesseraErrorCode.ArgumentValidation, message);
  }
}
