/**
 * The checks every options object a user writes goes through, so a misspelt option (`requiredScope` for
 * `requiredScopes`) is refused by name instead of silently ignored. Each returns why the value is refused, or
 * `undefined`; the caller throws its own package's configuration error with it.
 *
 * `known` is a table with every key of the options type (write it `satisfies Record<keyof T, ...>`, so the
 * build fails when the type and the table drift apart); only its keys are read, so a table that also carries
 * each option's unit serves as well.
 */
export type KnownOptions = Readonly<Record<string, unknown>>;

/** The first key of `options` set to something `known` does not list; a key left `undefined` (a spread) changes nothing. */
export function unknownOptionKey(options: object, known: KnownOptions): string | undefined {
  // own keys in Object.keys order, walked without a key array and a callback per call: every decorator a class
  // carries runs this once at start-up
  for (const key in options) {
    if (!Object.hasOwn(options, key)) continue;
    if ((options as Record<string, unknown>)[key] !== undefined && !Object.hasOwn(known, key)) return key;
  }
  return undefined;
}

/** Why `options` (named `where` in the message) is not an object of the known options, or `undefined` when it is. */
export function optionsProblem(options: unknown, known: KnownOptions, where: string): string | undefined {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return `${where} must be an object, got ${describeValue(options)}.`;
  const key = unknownOptionKey(options, known);
  if (key === undefined) return undefined;
  return `${where}: ${JSON.stringify(key)} is not an option; known: ${Object.keys(known).join(', ')}.`;
}

/** Why `value` (named `where`) is not one of `allowed`, or `undefined` when it is. */
export function oneOfProblem(value: unknown, allowed: readonly unknown[], where: string): string | undefined {
  if (allowed.includes(value)) return undefined;
  return `${where} must be one of ${allowed.map(describeValue).join(', ')}, got ${describeValue(value)}.`;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
  if (Array.isArray(value)) return 'an array';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value;
  }
}
