import { ForbiddenError } from '../../errors/runtime/forbidden.error';
import type { CallStage } from '../call-stage';
import { enhancerName } from '../enhancer-name';
import { resolveEnhancer } from '../resolve-enhancer';

/** Runs the guards in order and stops at the first refusal; a refused caller is never asked anything. */
export const guardsStage: CallStage = {
  name: 'guards',
  async run({ plan, ctx }, next) {
    for (const ref of plan.enhancers.guards) {
      const guard = resolveEnhancer(ref, ctx);
      if (!(await guard.canActivate(ctx)))
        throw new ForbiddenError(`${plan.ref.kind.replace('-', ' ')} "${plan.ref.name}" refused this caller.`);
    }
    return next();
  },
  describe: (view) => view.enhancers.guards.map(enhancerName),
  isIdle: ({ plan }) => plan.enhancers.guards.length === 0,
};
