import type { RequestStateErrorCode } from './request-state-error-code';

// This package's own brand (core and client have theirs): `isInstance` recognises request-state errors only.
const BRAND = Symbol.for('tessera.request-state.error');

/** Base of every error this package throws; `isInstance` survives duplicated bundles where `instanceof` does not. */
export class RequestStateError extends Error {
  readonly [BRAND] = true;

  constructor(
    readonly code: RequestStateErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  static isInstance(value: unknown): value is RequestStateError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
