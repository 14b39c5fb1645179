import { collectEnhancers } from '../metadata/metadata-store';
import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { ExceptionFilter } from '../contracts/exception-filter';
import type { Class } from '../types/class';

/** Attaches filters to a provider class (all its handlers) or to one method; repeated use appends. */
export function UseFilters(...filters: EnhancerRef<ExceptionFilter>[]): ClassDecorator & MethodDecorator {
  return ((target: object, methodName?: string | symbol) => {
    const cls = (methodName === undefined ? target : target.constructor) as Class;
    collectEnhancers(cls, methodName, 'filters', filters);
  }) as ClassDecorator & MethodDecorator;
}
