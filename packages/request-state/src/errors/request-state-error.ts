import { errorBrand } from '@tessera/common';
import { RequestStateErrorCode } from './codes';

/** Recognises this package's errors only: core and client errors carry the same brand under their own names. */
const BRAND = errorBrand('@tessera/request-state', RequestStateErrorCode);

/** Base of every error this package throws; `isInstance` survives duplicated bundles where `instanceof` does not. */
export class RequestStateError extends Error {
  constructor(
    readonly code: RequestStateErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
    BRAND.mark(this);
  }

  static isInstance(value: unknown): value is RequestStateError {
    return BRAND.isInstance(value);
  }
}
