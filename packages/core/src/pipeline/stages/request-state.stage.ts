import type { HandlerPlan } from '../../compiler/handler-plan';
import type { CallStage } from '../call-stage';
import { enhancerName } from '../enhancer-name';

/** Outermost: the built-in request-state interceptor, so a bad state is refused before anything of the user's runs. */
export const requestStateStage: CallStage = {
  name: 'request-state',
  run: (call, next) => call.tools.requestState.intercept(call.ctx, next, recordsFirstLeg(call.plan)),
  describe: (view) => [enhancerName(view.tools.requestState)],
};

/**
 * Whether a first leg of this handler is recorded under its idempotency key (when the server records legs):
 * a tool that says neither `readOnlyHint` nor `idempotentHint`, whose second run could do its effect twice.
 */
function recordsFirstLeg(plan: HandlerPlan): boolean {
  if (plan.meta.kind !== 'tool') return false;
  const hints = plan.meta.annotations;
  return hints?.readOnlyHint !== true && hints?.idempotentHint !== true;
}
