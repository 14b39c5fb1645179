import type { HandlerPlan } from '../compiler/handler-plan';
import type { ExecutionContext } from './execution-context';
import { resolveEnhancer } from './resolve-enhancer';

/**
 * Runs `body`; on error, offers the error to the filters, innermost (method) first. The first filter
 * that returns something answers; if none does, the error goes on to the built-in mapping.
 */
export async function runWithFilters(plan: HandlerPlan, ctx: ExecutionContext, body: () => Promise<unknown>): Promise<unknown> {
  try {
    return await body();
  } catch (error) {
    const filters = plan.enhancers.filters;
    for (let i = filters.length - 1; i >= 0; i--) {
      const answer = await resolveEnhancer(filters[i], ctx).catch(error, ctx);
      if (answer !== undefined) return answer;
    }
    throw error;
  }
}
