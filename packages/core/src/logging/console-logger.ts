import type { LogFields, LogLevel, Logger } from './logger';
import { redact } from './redact';
import { checkOneOf, checkOptions } from '../errors/definition/check-options';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface ConsoleLoggerOptions {
  level?: LogLevel;
  /**
   * Where lines go; stderr by default, since stdout carries the MCP stream on stdio; `console.error` where
   * there is no `process.stderr` (Cloudflare Workers without nodejs_compat, whose console is the log).
   */
  write?: (line: string) => void;
  /** Keys redacted in addition to the built-in ones (tokens, keys, state, arguments). */
  sensitiveFields?: readonly string[];
}

const CONSOLE_LOGGER_OPTIONS = { level: true, write: true, sensitiveFields: true } as const satisfies Record<
  keyof ConsoleLoggerOptions,
  true
>;

function standardError(): (line: string) => void {
  const stderr = (globalThis as { process?: { stderr?: { write(text: string): unknown } } }).process?.stderr;
  if (typeof stderr?.write === 'function') return (line) => stderr.write(line + '\n');
  return (line) => console.error(line);
}

/** The default logger: one JSON line per event on stderr, sensitive fields redacted. */
export class ConsoleLogger implements Logger {
  private readonly min: number;
  private readonly write: (line: string) => void;
  private readonly sensitive: ReadonlySet<string>;

  constructor(options: ConsoleLoggerOptions = {}) {
    checkOptions(options, CONSOLE_LOGGER_OPTIONS, 'ConsoleLogger');
    if (options.level !== undefined) checkOneOf(options.level, Object.keys(ORDER), 'ConsoleLogger: level');
    this.min = ORDER[options.level ?? 'info'];
    this.write = options.write ?? standardError();
    this.sensitive = new Set(options.sensitiveFields ?? []);
  }

  debug(message: string, fields?: LogFields): void {
    this.log('debug', message, fields);
  }
  info(message: string, fields?: LogFields): void {
    this.log('info', message, fields);
  }
  warn(message: string, fields?: LogFields): void {
    this.log('warn', message, fields);
  }
  error(message: string, fields?: LogFields): void {
    this.log('error', message, fields);
  }

  private log(level: LogLevel, message: string, fields?: LogFields): void {
    if (ORDER[level] < this.min) return;
    this.write(JSON.stringify({ time: new Date().toISOString(), level, message, ...redact(fields, this.sensitive) }));
  }
}
