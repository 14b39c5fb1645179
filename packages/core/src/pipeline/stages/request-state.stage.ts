import type { CallStage } from '../call-stage';
import { enhancerName } from '../enhancer-name';

/** Outermost: the built-in request-state interceptor, so a bad state is refused before anything of the user's runs. */
export const requestStateStage: CallStage = {
  name: 'request-state',
  run: (call, next) => call.tools.requestState.intercept(call.ctx, next),
  describe: (view) => [enhancerName(view.tools.requestState)],
};
