import { isInputRequiredResult } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import { UndeclaredInputRequiredError } from '../errors/runtime/undeclared-input-required.error';
import type { ExecutionContext } from './execution-context';
import { runWithFilters } from './filters';
import { runGuards } from './guards';
import { runInterceptors } from './interceptors';
import type { ParamResolverRegistry } from './params/param-resolver-registry';
import { resolveParams, type DependencyResolution } from './resolve-params';

/**
 * The one composition of a call, in a fixed order: filters wrap everything; guards run first (a refused
 * caller is never asked anything); interceptors wrap parameter resolution, pipes, the provider's
 * construction from the request container, and the method itself.
 */
export function runHandler(
  plan: HandlerPlan,
  ctx: ExecutionContext,
  resolvers: ParamResolverRegistry,
  dependencies: DependencyResolution,
): Promise<unknown> {
  return runWithFilters(plan, ctx, async () => {
    await runGuards(plan, ctx);
    return runInterceptors(plan, ctx, async () => {
      const params = await resolveParams(plan, ctx, resolvers, dependencies);
      if (params.kind === 'ask') return params.result;
      const instance = ctx.container.resolve(plan.ref.providerClass as never) as Record<string | symbol, (...a: unknown[]) => unknown>;
      const result = await instance[plan.ref.methodName](...params.values);
      if (isInputRequiredResult(result) && !plan.directForm) {
        throw new UndeclaredInputRequiredError(plan.where, plan.dependencies.length > 0);
      }
      return result;
    });
  });
}
