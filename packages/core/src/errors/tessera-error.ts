import { errorBrand } from '@tessera/common';
import { TesseraErrorCode } from './codes';

/** Recognises core's errors only: request-state and client errors carry the same brand under their own names. */
const BRAND = errorBrand('@tessera/core', TesseraErrorCode);

/**
 * Base of every error Tessera throws. `isInstance` works across bundled copies of the package
 * (the brand of `@tessera/common` instead of `instanceof`), since client and testing may carry their own copy.
 */
export class TesseraError extends Error {
  constructor(
    readonly code: TesseraErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
    BRAND.mark(this);
  }

  static isInstance(value: unknown): value is TesseraError {
    return BRAND.isInstance(value);
  }
}
