/** One field that failed validation. */
export interface ValidationIssue {
  /** Dotted path from the root, with array indexes: `items.0.name`; `''` for the input as a whole. */
  path: string;
  /** Why, keyed by the failed constraint (`isInt`, `min`, `unknownField`, ...). */
  constraints: Record<string, string>;
  /** The same messages as a list, in constraint order. */
  messages: string[];
}

/** The outcome of validating untrusted input against a DTO class or an elicitation schema. */
export type ValidationResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      issues: ValidationIssue[];
      /** `formatValidationIssues(issues)`: every bad field and why, in one line. */
      message: string;
    };
