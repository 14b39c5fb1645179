/**
 * A failure the user can fix (a bad target, bad JSON, an unknown tool, a question without an answer), or a stop
 * they asked for. Printed as its message alone, no stack; `exitCode` 2 for a wrong command line, 130 for Ctrl+C,
 * 1 for everything else.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 | 130 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
