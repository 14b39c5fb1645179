import { errorBrand } from '@tessera/common';
import { TesseraClientErrorCode } from './codes';

/** Recognises client errors only: core and request-state errors carry the same brand under their own names. */
const BRAND = errorBrand('@tessera/client', TesseraClientErrorCode);

/** Base of every error `@tessera/client` throws; `isInstance` survives duplicated bundles where `instanceof` fails. */
export class TesseraClientError extends Error {
  constructor(
    readonly code: TesseraClientErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
    BRAND.mark(this);
  }

  static isInstance(value: unknown): value is TesseraClientError {
    return BRAND.isInstance(value);
  }
}
