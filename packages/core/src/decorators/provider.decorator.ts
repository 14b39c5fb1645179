import { injectable } from 'tsyringe';
import { collectProvider, type ProviderOptions } from '../metadata/metadata-store';
import type { Class } from '../types/class';

/**
 * Marks a class whose methods are tools, prompts or resources. It makes the class injectable
 * (constructor parameters are resolved from the request's container) and may prefix its names.
 */
export function Provider(options: ProviderOptions = {}): ClassDecorator {
  return (target) => {
    collectProvider(target as unknown as Class, options);
    injectable()(target as never);
  };
}
