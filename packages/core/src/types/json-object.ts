/**
 * What JSON calls an object: any object but `null` and arrays (its prototype is not checked; for the
 * stricter test class-transformer needs, see `isPlainObject` in validation/to-plain-input.ts).
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
