import { injectable } from 'tsyringe';
import { collectProvider, type ProviderOptions } from '../metadata/metadata-store';
import type { Class } from '../types/class';
import { checkDecoratorOptions } from './decorator-options';

const PROVIDER_OPTIONS = { prefix: true, scopes: true } as const satisfies Record<keyof ProviderOptions, true>;

/**
 * Marks a class whose methods are tools, prompts or resources. It makes the class injectable
 * (constructor parameters are resolved from the request's container) and may prefix its names.
 */
export function Provider(options: ProviderOptions = {}): ClassDecorator {
  return (target) => {
    checkDecoratorOptions(options, PROVIDER_OPTIONS, `@Provider() on ${(target as unknown as Class).name}`);
    collectProvider(target as unknown as Class, options);
    injectable()(target as never);
  };
}
