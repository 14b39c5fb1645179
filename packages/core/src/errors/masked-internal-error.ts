import type { LogFields, Logger } from '../logging/logger';

/**
 * Logs a server-side failure with a short random reference and returns the client-safe text that carries
 * the same reference (`Internal error (ref 1a2b3c4d)`), so an operator can find the real error from
 * what a user reports. Web Crypto, so the root entry stays runtime-neutral.
 */
export function maskInternalError(logger: Logger, message: string, fields: LogFields): string {
  return `Internal error (ref ${logWithRef(logger, message, fields)})`;
}

/** Logs a server-side failure at error level with a fresh short reference, and returns the reference. */
export function logWithRef(logger: Logger, message: string, fields: LogFields): string {
  const ref = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(4)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  logger.error(message, { ...fields, ref });
  return ref;
}
