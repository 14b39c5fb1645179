import { optionsProblem, type KnownOptions } from '@tessera/common';

/**
 * Refuses an options object with a key `known` does not list (`keyprefix` for `keyPrefix`), naming it and the
 * known ones, with the `TypeError` the package's other option checks throw.
 */
export function checkRedisOptions(options: unknown, known: KnownOptions, where: string): void {
  const problem = optionsProblem(options, known, where);
  if (problem !== undefined) throw new TypeError(problem);
}
