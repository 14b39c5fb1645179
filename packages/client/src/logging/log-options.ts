import type { LoggingLevel, LoggingMessageNotificationParams } from '@modelcontextprotocol/client';

/** The protocol's levels, least severe first (RFC 5424 order, as the spec lists them). */
export const LOG_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** Receives a handler's `ctx.log(level, data)` (a `notifications/message`) at or above the client's `logLevel`. */
export type LogCallback = (message: LoggingMessageNotificationParams) => void;

/** The level to ask servers for: `logLevel`, else `info` when there is an `onLog` to hear it, else none. */
export function resolveLogLevel(
  logLevel: LoggingLevel | undefined,
  onLog: LogCallback | undefined,
): LoggingLevel | undefined {
  if (logLevel !== undefined && !LOG_LEVELS.includes(logLevel)) {
    throw new RangeError(`logLevel must be one of ${LOG_LEVELS.join(', ')}; got ${JSON.stringify(logLevel)}`);
  }
  if (onLog !== undefined && typeof onLog !== 'function')
    throw new TypeError('onLog must be a function (message) => void');
  return logLevel ?? (onLog ? 'info' : undefined);
}

/**
 * Whether a message is at or above `threshold`. 2026-07-28 servers filter per request already; a 2025 server
 * without a session (stateless HTTP) never heard `logging/setLevel` and sends everything, so the client filters too.
 */
export function isAtLeast(level: unknown, threshold: LoggingLevel): boolean {
  const index = LOG_LEVELS.indexOf(level as LoggingLevel);
  return index >= 0 && index >= LOG_LEVELS.indexOf(threshold);
}
