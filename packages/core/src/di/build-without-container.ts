import type { DependencyContainer, InjectionToken } from 'tsyringe';

/**
 * Whether tsyringe would build `token` in a fresh child container with a bare `new token()`: a class
 * registered nowhere up the chain (so no lifecycle or factory applies), whose constructor takes nothing
 * (no declared parameters, no reflected types, no `@inject` markers). A fresh child has no resolution
 * interceptors either, so building it directly gives the same instance without opening a container.
 */
export function buildsWithoutContainer(token: InjectionToken, root: DependencyContainer): token is new () => unknown {
  if (typeof token !== 'function') return false;
  let bare = BARE.get(token);
  if (bare === undefined) BARE.set(token, (bare = takesNothing(token)));
  // registrations can change at any time (tsyringe's global container is the root's parent): asked each call
  return bare && !root.isRegistered(token, true);
}

// A class's constructor metadata is fixed once it is defined; reading it through reflect-metadata per call
// cost about a hundred JS calls.
const BARE = new WeakMap<object, boolean>();

function takesNothing(cls: Function): boolean {
  if (cls.length > 0) return false;
  const types = Reflect.getMetadata('design:paramtypes', cls) as unknown[] | undefined;
  if (types && types.length > 0) return false;
  const markers = Reflect.getMetadata('injectionTokens', cls) as object | undefined;
  return !markers || Object.keys(markers).length === 0;
}

/** tsyringe's test for what a container disposes with itself. */
export function isDisposable(value: unknown): value is { dispose(): unknown } {
  return typeof (value as { dispose?: unknown } | null)?.dispose === 'function';
}
