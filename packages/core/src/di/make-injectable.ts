import { injectable } from 'tsyringe';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { hasOwnConstructorTypes, inheritInjectionTokens } from '../metadata/reflect';
import type { Class } from '../types/class';

/**
 * Lets tsyringe build a provider class that inherits its constructor. tsyringe records constructor
 * parameters per class: an undecorated subclass would be built with no arguments at all, and a
 * decorated one would lose its parent's `@inject(token)` markers (they are read from the class itself).
 */
export function makeInjectable(cls: Class): void {
  if (hasOwnConstructorTypes(cls)) return; // its own decorated constructor: tsyringe already knows it
  if (cls.length > 0) {
    throw new InvalidConfigurationError(
      `Provider ${cls.name} declares constructor parameters, but without a class decorator their types are unknown: add @Provider().`,
    );
  }
  inheritInjectionTokens(cls);
  injectable()(cls as never);
}
