/** What a command produced: the raw result (for --json), its text form, and whether it is an error result. */
export interface CommandOutput {
  raw: unknown;
  text: string;
  isError?: boolean;
}
