/** Options of `validateArguments` / `validateDto`. */
export interface ValidateOptions {
  /** Turn string values of number/integer/boolean properties into those types first (prompts, URI variables). */
  implicitConversion?: boolean;
  /** How the input is called in a message about the input as a whole; default `arguments`. */
  what?: string;
}
