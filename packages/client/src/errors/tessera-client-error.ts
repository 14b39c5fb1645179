import type { TesseraClientErrorCode } from './codes';

// The client's own brand (core and request-state have theirs): `isInstance` recognises client errors only.
const BRAND = Symbol.for('tessera.client.error');

/** Base of every error `@tessera/client` throws; `isInstance` survives duplicated bundles where `instanceof` fails. */
export class TesseraClientError extends Error {
  readonly [BRAND] = true;

  constructor(
    readonly code: TesseraClientErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  static isInstance(value: unknown): value is TesseraClientError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
