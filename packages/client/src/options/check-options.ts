import { oneOfProblem, optionsProblem, type KnownOptions } from '@tessera/common';
import { InvalidClientOptionsError } from '../errors/invalid-client-options.error';

/** Refuses an options object with a key `known` does not list, naming it and the known ones. */
export function checkOptions(options: unknown, known: KnownOptions, where: string): void {
  const problem = optionsProblem(options, known, where);
  if (problem !== undefined) throw new InvalidClientOptionsError(problem);
}

/** Refuses an option's value that is not one of `allowed`, listing them. */
export function checkOneOf(value: unknown, allowed: readonly unknown[], where: string): void {
  const problem = oneOfProblem(value, allowed, where);
  if (problem !== undefined) throw new InvalidClientOptionsError(problem);
}
