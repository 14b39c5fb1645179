import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { ExecutionContext } from '../contracts/execution-context';

/** A class is resolved from the request's container (so it can inject services); an instance is used as is. */
export function resolveEnhancer<T>(ref: EnhancerRef<T>, ctx: ExecutionContext): T {
  return typeof ref === 'function' ? ctx.container.resolve(ref as never) : ref;
}
