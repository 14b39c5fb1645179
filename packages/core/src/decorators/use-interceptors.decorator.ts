import { collectEnhancers } from '../metadata/metadata-store';
import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { Interceptor } from '../contracts/interceptor';
import type { Class } from '../types/class';

/** Attaches interceptors to a provider class (all its handlers) or to one method; repeated use appends. */
export function UseInterceptors(...interceptors: EnhancerRef<Interceptor>[]): ClassDecorator & MethodDecorator {
  return ((target: object, methodName?: string | symbol) => {
    const cls = (methodName === undefined ? target : target.constructor) as Class;
    collectEnhancers(cls, methodName, 'interceptors', interceptors);
  }) as ClassDecorator & MethodDecorator;
}
