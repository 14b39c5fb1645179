/**
 * An object of `Object`'s own making (its prototype `Object.prototype`): no class of the tool's, whose `toJSON`
 * or inherited keys a schema's copy or a JSON writer would lose. The direct path's writers and result check
 * take only such objects as they are and leave anything else to the SDK's code or JSON.stringify.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
