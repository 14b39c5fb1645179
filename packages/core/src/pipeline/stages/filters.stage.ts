import type { CallStage } from '../call-stage';
import { enhancerName } from '../enhancer-name';
import { resolveEnhancer } from '../resolve-enhancer';

/**
 * Runs the inner stages; on error, offers the error to the filters, innermost (method) first. The first
 * filter that returns something answers; if none does, the error goes on to the built-in mapping.
 */
export const filtersStage: CallStage = {
  name: 'filters',
  async run({ plan, ctx }, next) {
    try {
      return await next();
    } catch (error) {
      const filters = plan.enhancers.filters;
      for (let i = filters.length - 1; i >= 0; i--) {
        const answer = await resolveEnhancer(filters[i], ctx).catch(error, ctx);
        if (answer !== undefined) return answer;
      }
      throw error;
    }
  },
  describe: (view) => view.enhancers.filters.map(enhancerName).reverse(),
  // with no filter the catch only rethrows
  isIdle: ({ plan }) => plan.enhancers.filters.length === 0,
};
