import type { CallHandler } from '../../contracts/interceptor';
import type { CallStage, PipelineCall } from '../call-stage';
import { enhancerName } from '../enhancer-name';
import { resolveParams, type ResolvedParams } from '../resolve-params';
import { describeParam } from '../describe-param';

/**
 * Fills the method's parameters (arguments, context, DI, dependency questions) and runs the pipes. When a
 * question is still unanswered, the round ends here with its `InputRequiredResult` and the method never runs.
 * Parameters filled at once (resolve-params.ts) go on to the method in the same turn, with no promise between.
 */
export const paramsStage: CallStage = {
  name: 'params',
  run(call, next) {
    try {
      const params = resolveParams(call.plan, call.ctx, call.tools.resolvers, call.tools.dependencies);
      return params instanceof Promise ? params.then((p) => proceed(call, p, next)) : proceed(call, params, next);
    } catch (error) {
      return Promise.reject(error);
    }
  },
  describe: ({ plan, enhancers }) => [
    ...(plan ? plan.params.map((p) => describeParam(p, plan)) : []),
    ...enhancers.pipes.map((p) => `pipe ${enhancerName(p)}`),
  ],
};

function proceed(call: PipelineCall, params: ResolvedParams, next: CallHandler): Promise<unknown> {
  if (params.kind === 'ask') return Promise.resolve(params.result);
  call.args = params.values;
  return next();
}
