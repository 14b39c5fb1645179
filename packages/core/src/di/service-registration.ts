import type { InjectionToken } from 'tsyringe';
import type { Class, ConcreteClass } from '../types/class';

/** How long a registered service lives. */
export type ServiceScope = 'singleton' | 'request' | 'transient';

export type ServiceRegistration =
  | ConcreteClass
  | { token: InjectionToken; useValue: unknown }
  | { token: InjectionToken; useClass: ConcreteClass; scope?: ServiceScope }
  | {
      token: InjectionToken;
      useFactory: (container: import('tsyringe').DependencyContainer) => unknown;
      scope?: ServiceScope;
    };

export function isClassRegistration(r: ServiceRegistration): r is ConcreteClass {
  return typeof r === 'function';
}

export type { Class };
