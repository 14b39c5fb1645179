import { oneOfProblem, optionsProblem, type KnownOptions } from '@tessera/common';
import { InvalidDecoratorUseError } from '../errors/definition/invalid-decorator-use.error';

/**
 * Refuses a decorator's options with a key its table does not list (`taks` for `task`), where the decorator
 * is written, naming the place, the key and the known ones. Each decorator's table lists every key of its
 * options type (`satisfies Record<keyof Options, true>` fails the build when they drift apart).
 */
export function checkDecoratorOptions(options: unknown, known: KnownOptions, where: string): void {
  const problem = optionsProblem(options, known, where);
  if (problem !== undefined) throw new InvalidDecoratorUseError(problem);
}

/** Refuses an option's value that is not one of `allowed` (`task: 'sometimes'`), listing them. */
export function checkDecoratorChoice(value: unknown, allowed: readonly unknown[], where: string): void {
  if (value === undefined) return;
  const problem = oneOfProblem(value, allowed, where);
  if (problem !== undefined) throw new InvalidDecoratorUseError(problem);
}
