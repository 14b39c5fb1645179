import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { ExecutionContext } from '../contracts/execution-context';
import { resolveInCall } from './resolve-in-call';

/** A class is resolved from the request's container (so it can inject services); an instance is used as is. */
export function resolveEnhancer<T>(ref: EnhancerRef<T>, ctx: ExecutionContext): T {
  return typeof ref === 'function' ? resolveInCall(ctx, ref as never) : ref;
}
