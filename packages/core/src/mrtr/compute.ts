import type { Computed, QuestionInput } from './dependency-spec';

/** A question's part given as is, or computed from the arguments and earlier answers. */
export function compute<T>(value: Computed<T>, input: QuestionInput): T {
  return typeof value === 'function' ? (value as (i: QuestionInput) => T)(input) : value;
}
