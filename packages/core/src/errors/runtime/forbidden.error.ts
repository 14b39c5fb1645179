import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/**
 * A guard refused the call. The client sees `Forbidden: <reason>` (the README's error table), so keep the
 * reason free of secrets; a reason that already starts with `Forbidden` is not prefixed twice.
 */
export class ForbiddenError extends TesseraError {
  readonly reason: string | undefined;

  constructor(reason?: string) {
    super(
      TesseraErrorCode.Forbidden,
      !reason ? 'Forbidden' : /^forbidden\b/i.test(reason) ? reason : `Forbidden: ${reason}`,
    );
    this.reason = reason;
  }
}
