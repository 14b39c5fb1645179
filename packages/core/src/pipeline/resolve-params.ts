import type { InputRequiredResult } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { PipelineContext } from '../contracts/pipeline-context';
import type { ParamResolverRegistry } from './params/param-resolver-registry';
import { resolveEnhancer } from './resolve-enhancer';
import { isThenable } from '../types/is-thenable';

/** What the dependency parameters came to: their values, or what to ask the client this round. */
export type DependencyOutcome =
  { kind: 'ready'; values: Map<number, unknown> } | { kind: 'ask'; result: InputRequiredResult };

/**
 * Fills every dependency parameter at once, or says what to ask the client this round: at once when nothing
 * is awaited (a 2026-07-28 round), a promise otherwise. A throw is the caller's to turn into a rejection.
 */
export type DependencyResolution = (
  plan: HandlerPlan,
  ctx: PipelineContext,
) => DependencyOutcome | Promise<DependencyOutcome>;

export type ResolvedParams = { kind: 'ready'; values: unknown[] } | { kind: 'ask'; result: InputRequiredResult };

/**
 * Resolves parameters in order, then applies pipes to each. Dependency parameters are resolved
 * together (all missing questions in one round); the method runs only when nothing is missing.
 *
 * Answers at once, without a promise, when every resolver does and the plan has no dependency and no pipe
 * (the usual call: a promise and its turn of the microtask queue per parameter were a measurable part of
 * it); from the first resolver that answers with a promise on, the rest waits for each in turn. A resolver
 * that throws makes this throw: the caller turns that into its own rejection.
 */
export function resolveParams(
  plan: HandlerPlan,
  ctx: PipelineContext,
  resolvers: ParamResolverRegistry,
  dependencies: DependencyResolution,
): ResolvedParams | Promise<ResolvedParams> {
  // a hand-written input schema is checked whether or not the method reads its arguments
  plan.inputSchema?.check(ctx.arguments);
  const values: unknown[] = new Array(plan.arity).fill(undefined);
  const { params } = plan;
  for (let i = 0; i < params.length; i++) {
    const param = params[i];
    if (param.meta.kind === 'dependency') continue;
    const value: unknown = resolvers.get(param.meta.kind)!.resolve(param as never, ctx, plan);
    if (isThenable(value)) return resolveFrom(i, value, plan, ctx, resolvers, dependencies, values);
    values[param.meta.index] = value;
  }
  if (plan.dependencies.length > 0 || plan.enhancers.pipes.length > 0)
    return dependenciesAndPipes(plan, ctx, dependencies, values);
  return { kind: 'ready', values };
}

/** The rest of `resolveParams` once parameter `from` answered with `pending`: each later one awaited in turn. */
async function resolveFrom(
  from: number,
  pending: PromiseLike<unknown>,
  plan: HandlerPlan,
  ctx: PipelineContext,
  resolvers: ParamResolverRegistry,
  dependencies: DependencyResolution,
  values: unknown[],
): Promise<ResolvedParams> {
  const { params } = plan;
  values[params[from].meta.index] = await pending;
  for (let i = from + 1; i < params.length; i++) {
    const param = params[i];
    if (param.meta.kind === 'dependency') continue;
    values[param.meta.index] = await resolvers.get(param.meta.kind)!.resolve(param as never, ctx, plan);
  }
  return dependenciesAndPipes(plan, ctx, dependencies, values);
}

/** Dependencies, then pipes: at once when the dependencies answer at once and there is no pipe. */
function dependenciesAndPipes(
  plan: HandlerPlan,
  ctx: PipelineContext,
  dependencies: DependencyResolution,
  values: unknown[],
): ResolvedParams | Promise<ResolvedParams> {
  if (plan.dependencies.length === 0) return pipes(plan, ctx, values);
  const outcome = dependencies(plan, ctx);
  return outcome instanceof Promise
    ? outcome.then((o) => withDependencies(plan, ctx, o, values))
    : withDependencies(plan, ctx, outcome, values);
}

function withDependencies(
  plan: HandlerPlan,
  ctx: PipelineContext,
  outcome: DependencyOutcome,
  values: unknown[],
): ResolvedParams | Promise<ResolvedParams> {
  if (outcome.kind === 'ask') return outcome;
  for (const [index, value] of outcome.values) values[index] = value;
  return plan.enhancers.pipes.length > 0 ? pipes(plan, ctx, values) : { kind: 'ready', values };
}

async function pipes(plan: HandlerPlan, ctx: PipelineContext, values: unknown[]): Promise<ResolvedParams> {
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
