import type { CallStage } from '../call-stage';
import { enhancerName } from '../enhancer-name';
import { resolveParams } from '../resolve-params';
import { describeParam } from '../describe-param';

/**
 * Fills the method's parameters (arguments, context, DI, dependency questions) and runs the pipes. When a
 * question is still unanswered, the round ends here with its `InputRequiredResult` and the method never runs.
 */
export const paramsStage: CallStage = {
  name: 'params',
  async run(call, next) {
    const params = await resolveParams(call.plan, call.ctx, call.tools.resolvers, call.tools.dependencies);
    if (params.kind === 'ask') return params.result;
    call.args = params.values;
    return next();
  },
  describe: ({ plan, enhancers }) => [
    ...(plan ? plan.params.map((p) => describeParam(p, plan)) : []),
    ...enhancers.pipes.map((p) => `pipe ${enhancerName(p)}`),
  ],
};
