import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** The application module or a bootstrap option is unusable as given. */
export class InvalidConfigurationError extends TesseraError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(TesseraErrorCode.InvalidConfiguration, message, options);
  }
}
