import { ForbiddenError } from '../errors/runtime/forbidden.error';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { ExecutionContext } from './execution-context';
import { resolveEnhancer } from './resolve-enhancer';

/** Runs the guards in order and stops at the first refusal. */
export async function runGuards(plan: HandlerPlan, ctx: ExecutionContext): Promise<void> {
  for (const ref of plan.enhancers.guards) {
    const guard = resolveEnhancer(ref, ctx);
    if (!(await guard.canActivate(ctx))) throw new ForbiddenError(`Forbidden: ${plan.ref.kind.replace('-', ' ')} "${plan.ref.name}" refused this caller.`);
  }
}
