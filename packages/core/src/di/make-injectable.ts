import { injectable } from 'tsyringe';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { MissingDesignMetadataError } from '../errors/definition/missing-design-metadata.error';
import { getOwnMetadata } from '../metadata/metadata-store';
import { hasOwnConstructorTypes, inheritInjectionTokens, injectionTokenPositions } from '../metadata/reflect';
import type { Class } from '../types/class';

/**
 * Lets tsyringe build a provider class that inherits its constructor. tsyringe records constructor
 * parameters per class: an undecorated subclass would be built with no arguments at all, and a
 * decorated one would lose its parent's `@inject(token)` markers (they are read from the class itself).
 */
export function makeInjectable(cls: Class): void {
  if (hasOwnConstructorTypes(cls)) return; // its own decorated constructor: tsyringe already knows it
  if (cls.length > 0) {
    if (getOwnMetadata(cls)?.provider === undefined)
      throw new InvalidConfigurationError(
        `Provider ${cls.name} declares constructor parameters, but without a class decorator their types are unknown: add @Provider().`,
      );
    // decorated, yet no types recorded: the build did not emit them, unless @inject(token) names each one
    const named = new Set(injectionTokenPositions(cls));
    const unnamed = Array.from({ length: cls.length }, (_, i) => i).find((i) => !named.has(i));
    if (unnamed === undefined) return;
    throw new MissingDesignMetadataError(`Provider ${cls.name}`, `constructor parameter #${unnamed}`);
  }
  inheritInjectionTokens(cls);
  injectable()(cls as never);
}
