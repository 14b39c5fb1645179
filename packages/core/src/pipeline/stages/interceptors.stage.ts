import type { CallStage } from '../call-stage';
import { enhancerName } from '../enhancer-name';
import { resolveEnhancer } from '../resolve-enhancer';

/** Nests the user's interceptors around the inner stages: the first listed is the outermost. `next()` may run once. */
export const interceptorsStage: CallStage = {
  name: 'interceptors',
  run({ plan, ctx }, next) {
    const chain = plan.enhancers.interceptors;
    const dispatch = (i: number): Promise<unknown> => {
      if (i === chain.length) return next();
      const interceptor = resolveEnhancer(chain[i], ctx);
      let called = false;
      return interceptor.intercept(ctx, () => {
        if (called) return Promise.reject(new Error(`An interceptor of ${plan.where} called next() twice.`));
        called = true;
        return dispatch(i + 1);
      });
    };
    return dispatch(0);
  },
  describe: (view) => view.enhancers.interceptors.map(enhancerName),
  isIdle: ({ plan }) => plan.enhancers.interceptors.length === 0,
};
