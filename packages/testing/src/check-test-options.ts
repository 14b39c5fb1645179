import { oneOfProblem, optionsProblem, type KnownOptions } from '@tessera/common';

/** Refuses a helper's options with a key `known` does not list, naming it and the known ones (a `TypeError`). */
export function checkTestOptions(options: unknown, known: KnownOptions, where: string): void {
  const problem = optionsProblem(options, known, where);
  if (problem !== undefined) throw new TypeError(problem);
}

/** Refuses an option's value that is not one of `allowed`, listing them (a `TypeError`). */
export function checkTestChoice(value: unknown, allowed: readonly unknown[], where: string): void {
  const problem = oneOfProblem(value, allowed, where);
  if (problem !== undefined) throw new TypeError(problem);
}
