import type { TransformerMetadata } from './transformer-storage';

/**
 * What class-transformer's `plainToInstance` builds, without its per-key metadata lookups, for the common
 * case where they would all find nothing: a class with no transformer metadata and an input whose values
 * are all primitives (nothing nested to convert). Undefined otherwise: the caller then asks class-transformer.
 * The copy follows its rules: a new instance, then each own key assigned, except `__proto__`, `constructor`,
 * a getter without a setter on the class's prototype, and a key whose value on the new instance is a function.
 */
export function copyFlatInput<T>(
  metadata: TransformerMetadata,
  cls: new () => T,
  value: Record<string, unknown>,
): T | undefined {
  const keys = Object.keys(value);
  for (const key of keys) {
    const field = value[key];
    if (typeof field === 'object' && field !== null) return undefined;
  }
  if (!metadata.isBare(cls)) return undefined;
  const instance = new cls() as Record<string, unknown>;
  const prototype = (instance.constructor as Function | undefined)?.prototype as object | undefined;
  for (const key of keys) {
    if (key === '__proto__' || key === 'constructor') continue;
    if (prototype) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
      if ((descriptor && !descriptor.set) || instance[key] instanceof Function) continue;
    }
    instance[key] = value[key];
  }
  return instance as T;
}
