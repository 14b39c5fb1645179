import type { CallStage } from '../call-stage';
import { enhancerName } from '../enhancer-name';

/**
 * Outermost: the built-in request-state interceptor, so a bad state is refused before anything of the user's
 * runs. It is told whether a first leg of the handler is recorded under its idempotency key (when the server
 * records legs): a tool that says neither `readOnlyHint` nor `idempotentHint` could do its effect twice.
 */
export const requestStateStage: CallStage = {
  name: 'request-state',
  // read inline, not through a helper: a call on a server without a store pays no function call for it
  run: (call, next) =>
    call.tools.requestState.intercept(
      call.ctx,
      next,
      call.plan.meta.kind === 'tool' &&
        call.plan.meta.annotations?.readOnlyHint !== true &&
        call.plan.meta.annotations?.idempotentHint !== true,
    ),
  describe: (view) => [enhancerName(view.tools.requestState)],
};
