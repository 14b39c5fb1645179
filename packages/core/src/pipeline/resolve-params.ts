import type { InputRequiredResult } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { PipelineContext } from '../contracts/pipeline-context';
import type { ParamResolverRegistry } from './params/param-resolver-registry';
import { resolveEnhancer } from './resolve-enhancer';

/** Fills every dependency parameter at once, or says what to ask the client this round. */
export type DependencyResolution = (
  plan: HandlerPlan,
  ctx: PipelineContext,
) => Promise<{ kind: 'ready'; values: Map<number, unknown> } | { kind: 'ask'; result: InputRequiredResult }>;

export type ResolvedParams = { kind: 'ready'; values: unknown[] } | { kind: 'ask'; result: InputRequiredResult };

/**
 * Resolves parameters in order, then applies pipes to each. Dependency parameters are resolved
 * together (all missing questions in one round); the method runs only when nothing is missing.
 */
export async function resolveParams(
  plan: HandlerPlan,
  ctx: PipelineContext,
  resolvers: ParamResolverRegistry,
  dependencies: DependencyResolution,
): Promise<ResolvedParams> {
  // a hand-written input schema is checked whether or not the method reads its arguments
  plan.inputSchema?.check(ctx.arguments);
  const values: unknown[] = new Array(plan.arity).fill(undefined);
  for (const param of plan.params) {
    if (param.meta.kind === 'dependency') continue;
    const resolver = resolvers.get(param.meta.kind)!;
    values[param.meta.index] = await resolver.resolve(param as never, ctx, plan);
  }
  if (plan.dependencies.length > 0) {
    const outcome = await dependencies(plan, ctx);
    if (outcome.kind === 'ask') return outcome;
    for (const [index, value] of outcome.values) values[index] = value;
  }
  if (plan.enhancers.pipes.length > 0) {
    for (const param of plan.params) {
      let value = values[param.meta.index];
      for (const ref of plan.enhancers.pipes) {
        value = await resolveEnhancer(ref, ctx).transform(value, { param: param.meta, type: param.type }, ctx);
      }
      values[param.meta.index] = value;
    }
  }
  return { kind: 'ready', values };
}
