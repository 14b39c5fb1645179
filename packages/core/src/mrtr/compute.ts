import type { Computed, QuestionInput } from './dependency-spec';

/** A question function that threw, with the name of the option it was given as (`message`, `url`, ...). */
export class ComputeFailure {
  constructor(
    readonly part: string,
    readonly cause: unknown,
  ) {}
}

/**
 * A question's part given as is, or computed from the arguments and earlier answers. A function that throws is
 * reported as a `ComputeFailure` naming `part`, so the question's renderer can say which function failed.
 */
export function compute<T>(value: Computed<T>, input: QuestionInput, part: string): T {
  if (typeof value !== 'function') return value;
  try {
    return (value as (i: QuestionInput) => T)(input);
  } catch (error) {
    throw new ComputeFailure(part, error);
  }
}
