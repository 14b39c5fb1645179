import { TesseraErrorCode } from './codes';

// core's own brand: request-state and client errors carry theirs, so each base class recognises its package only.
const BRAND = Symbol.for('tessera.core.error');
const CODES: ReadonlySet<unknown> = new Set(Object.values(TesseraErrorCode));

/**
 * Base of every error Tessera throws. `isInstance` works across bundled copies of the package
 * (a brand symbol instead of `instanceof`), since client and testing may carry their own copy.
 */
export class TesseraError extends Error {
  readonly [BRAND] = true;

  constructor(
    readonly code: TesseraErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  static isInstance(value: unknown): value is TesseraError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[BRAND] === true &&
      CODES.has((value as { code?: unknown }).code)
    );
  }
}
