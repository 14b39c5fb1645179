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
    const message =
      typeof code === 'number' && !error.message.includes(String(code)) ? `${error.message} (${code})` : error.message;
    return message + missingCapabilities(error);
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

/**
 * A server's -32021 names the client capabilities it needs in `data.requiredCapabilities`: said, since tessera
 * declares elicitation (form and URL), sampling and roots, so what is missing is something it cannot answer.
 */
function missingCapabilities(error: Error): string {
  const { code, data } = error as { code?: unknown; data?: { requiredCapabilities?: unknown } };
  const required = data?.requiredCapabilities;
  if (code !== -32021 || typeof required !== 'object' || required === null) return '';
  return `; the server needs the client capabilities ${JSON.stringify(required)}, which tessera does not declare`;
}
