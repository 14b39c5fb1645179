import type { HandlerPlan } from '../compiler/handler-plan';
import type { ExecutionContext } from './execution-context';
import type { CallHandler } from './interceptor';
import { resolveEnhancer } from './resolve-enhancer';

/** Nests the interceptors around `last`: the first listed is the outermost. `next()` may run once. */
export function runInterceptors(plan: HandlerPlan, ctx: ExecutionContext, last: CallHandler): Promise<unknown> {
  const chain = plan.enhancers.interceptors;
  const dispatch = (i: number): Promise<unknown> => {
    if (i === chain.length) return last();
    const interceptor = resolveEnhancer(chain[i], ctx);
    let called = false;
    return interceptor.intercept(ctx, () => {
      if (called) return Promise.reject(new Error(`An interceptor of ${plan.where} called next() twice.`));
      called = true;
      return dispatch(i + 1);
    });
  };
  return dispatch(0);
}
