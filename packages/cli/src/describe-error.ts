import { CliError } from './errors/cli-error';
import { FormSchemaError } from './errors/form-schema-error';

/** Errors whose message is the whole story for the user (no "callback failed" wrapping, no stack). */
function isPlain(error: Error): boolean {
  return error instanceof CliError || error instanceof FormSchemaError;
}

/**
 * The one-line (or few-line) message for a failed run. A CLI error raised inside an input callback reaches us
 * wrapped by the client (InputCallbackFailedError); the user needs the inner message, not the wrapping.
 */
export function describeError(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isPlain(current)) return current.message;
    if (current.name === 'ExitPromptError')
      return 'stopped (Ctrl+C): the question was not answered and the call was abandoned';
    current = current.cause;
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'number' && !error.message.includes(String(code))
      ? `${error.message} (${code})`
      : error.message;
  }
  return String(error);
}

/** Exit status: 2 for a wrong command line, 130 for Ctrl+C in a prompt, 1 otherwise. */
export function exitCodeOf(error: unknown): number {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof CliError) return current.exitCode;
    if (current.name === 'ExitPromptError') return 130;
    current = current.cause;
  }
  return 1;
}
