export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured fields; values under sensitive keys are redacted before any sink sees them. */
export type LogFields = Record<string, unknown>;

/** Server-side event log (not the MCP client-facing log). Pluggable: pass any object with these four methods. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}
