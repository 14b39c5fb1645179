import { container as globalContainer, instanceCachingFactory, instancePerContainerCachingFactory, Lifecycle, type DependencyContainer } from 'tsyringe';
import { isClassRegistration, type ServiceRegistration } from './service-registration';

/**
 * Builds the application's own root container (never tsyringe's global one, so apps and tests stay
 * isolated). Singletons are resolved here at startup: tsyringe disposes an instance with the container
 * that first built it, so a singleton first built inside a request would die with that request.
 */
export function createRootContainer(services: readonly ServiceRegistration[]): DependencyContainer {
  const root = globalContainer.createChildContainer();
  const eager: unknown[] = [];
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
  for (const token of eager) root.resolve(token as never);
  return root;
}

function lifecycleOf(scope: 'singleton' | 'request' | 'transient' | undefined): Lifecycle.Singleton | Lifecycle.ContainerScoped | Lifecycle.Transient {
  if (scope === 'request') return Lifecycle.ContainerScoped;
  if (scope === 'transient') return Lifecycle.Transient;
  return Lifecycle.Singleton;
}
