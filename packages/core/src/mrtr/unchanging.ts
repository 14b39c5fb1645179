/**
 * Whether a value can never change: a primitive, or an object frozen all the way down. A question built
 * only from such parts renders the same request on every call, so its digest is computed once.
 */
export function unchanging(value: unknown): boolean {
  if (typeof value === 'function') return false;
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  // own accessors would run code on every read: only frozen data properties count
  for (const key of Reflect.ownKeys(value)) {
    const property = Object.getOwnPropertyDescriptor(value, key)!;
    if (!('value' in property) || !unchanging(property.value)) return false;
  }
  // a frozen object's prototype can still change what it inherits; JSON only reads own keys, but a
  // non-plain object (a Map, a class instance) is not what a question is made of
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === Array.prototype || proto === null;
}
