import {
  container as globalContainer,
  instanceCachingFactory,
  instancePerContainerCachingFactory,
  Lifecycle,
  type DependencyContainer,
  type InjectionToken,
} from 'tsyringe';
import { createIsolatedContainer } from './isolated-container';
import { isClassRegistration, type ServiceRegistration } from './service-registration';

/** The application's root container and the singletons it built at startup, by token. */
export interface RootContainer {
  root: DependencyContainer;
  /**
   * Read by the call pipeline before it opens a request container: a request that needs nothing scoped to
   * it gets its provider, guards and services from here and never pays for a child container.
   */
  singletons: ReadonlyMap<InjectionToken, unknown>;
}

/**
 * Builds the application's own root container: a container of its own, so nothing registered in
 * tsyringe's global one reaches the app and apps (and tests) stay isolated, unless `useGlobalContainer`
 * makes it a child of the global one. Singletons are resolved here at startup: tsyringe disposes an
 * instance with the container that first built it, so a singleton first built inside a request would die
 * with that request.
 */
export function createRootContainer(
  services: readonly ServiceRegistration[],
  options: { useGlobalContainer?: boolean } = {},
): RootContainer {
  const root = options.useGlobalContainer === true ? globalContainer.createChildContainer() : createIsolatedContainer();
  const eager: InjectionToken[] = [];
  for (const s of services) {
    if (isClassRegistration(s)) {
      root.register(s, { useClass: s }, { lifecycle: Lifecycle.Singleton });
      eager.push(s);
    } else if ('useValue' in s) {
      root.register(s.token, { useValue: s.useValue });
    } else if ('useClass' in s) {
      root.register(s.token, { useClass: s.useClass }, { lifecycle: lifecycleOf(s.scope) });
      if ((s.scope ?? 'singleton') === 'singleton') eager.push(s.token);
    } else {
      const scope = s.scope ?? 'singleton';
      if (scope === 'singleton') {
        root.register(s.token, { useFactory: instanceCachingFactory(s.useFactory) });
        eager.push(s.token);
      } else if (scope === 'request') {
        // tsyringe allows no lifecycle on factories: cache per resolving container, i.e. per request.
        root.register(s.token, { useFactory: instancePerContainerCachingFactory(s.useFactory) });
      } else {
        root.register(s.token, { useFactory: s.useFactory });
      }
    }
  }
  const singletons = new Map<InjectionToken, unknown>();
  for (const token of eager) singletons.set(token, root.resolve(token as never));
  // A token registered twice resolves through its last registration, maybe not a singleton: leave it to tsyringe.
  const seen = new Set<unknown>();
  for (const s of services) {
    const token = isClassRegistration(s) ? s : s.token;
    if (seen.has(token)) singletons.delete(token);
    seen.add(token);
  }
  return { root, singletons };
}

function lifecycleOf(
  scope: 'singleton' | 'request' | 'transient' | undefined,
): Lifecycle.Singleton | Lifecycle.ContainerScoped | Lifecycle.Transient {
  if (scope === 'request') return Lifecycle.ContainerScoped;
  if (scope === 'transient') return Lifecycle.Transient;
  return Lifecycle.Singleton;
}
