import { container as globalContainer, type DependencyContainer } from 'tsyringe';

/**
 * A tsyringe container with no parent: what is registered in tsyringe's global `container` (by
 * `container.register`, tsyringe's `@singleton()` or `@registry`, in this app or any other code in the
 * process) is not seen from it. tsyringe exports no constructor for one, only its global instance, whose
 * class builds a parentless container when called without a parent.
 */
export function createIsolatedContainer(): DependencyContainer {
  const ContainerClass = globalContainer.constructor as new () => DependencyContainer;
  return new ContainerClass();
}
