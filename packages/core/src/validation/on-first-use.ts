/**
 * A function that loads `fn` on its first call and forwards every call to it: what lets
 * `@tessera/core/validators` export each class-validator function as a plain value (so Node's ESM named-import
 * detection of this CommonJS entry sees it) while loading its file only when an app uses it.
 */
export function onFirstUse<F extends (...args: never[]) => unknown>(name: string, load: () => F): F {
  let loaded: ((...args: unknown[]) => unknown) | undefined;
  const forward = function (this: unknown, ...args: unknown[]): unknown {
    loaded ??= load() as unknown as (...args: unknown[]) => unknown;
    return loaded.apply(this, args);
  };
  Object.defineProperty(forward, 'name', { value: name });
  return forward as unknown as F;
}
