import type { CallStage } from '../call-stage';
import { enhancerName } from '../enhancer-name';

/**
 * Outermost: the built-in request-state interceptor, so a bad state is refused before anything of the user's
 * runs. It is told whether a first leg of the handler is recorded under its idempotency key (when the server
 * records legs), as its plan says (`recordsFirstLeg`, decided once when the handler is compiled).
 */
export const requestStateStage: CallStage = {
  name: 'request-state',
  run: (call, next) => call.tools.requestState.intercept(call.ctx, next, call.plan.recordsFirstLeg),
  describe: (view) => [enhancerName(view.tools.requestState)],
};
