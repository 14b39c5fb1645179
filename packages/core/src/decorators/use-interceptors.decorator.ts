import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { Interceptor } from '../contracts/interceptor';
import { enhancerDecorator } from './enhancer-decorator';

/** Attaches interceptors to a provider class (all its handlers) or to one method; repeated use appends. Checked when decorating. */
export function UseInterceptors(...interceptors: EnhancerRef<Interceptor>[]): ClassDecorator & MethodDecorator {
  return enhancerDecorator('interceptors', interceptors);
}
