import { isInvalidRequestStateError } from '@tessera/request-state/framework';
import type { CallStage } from '../pipeline/call-stage';
import { recordRefusedState } from './record-refusals';

/**
 * Outermost, around the request-state stage: a refused incoming state is counted by reason and gets a span of its
 * own (outcome `refused_state`, with the reason, server side only). Rounds that get past it are traced inside.
 * A state refused before dispatch (not a string) is recorded the same way by the endpoint.
 */
export const stateRefusalsStage: CallStage = {
  name: 'state-refusals',
  async run(call, next) {
    const telemetry = call.tools.telemetry;
    if (telemetry === undefined) return next();
    const startTime = Date.now();
    try {
      return await next();
    } catch (error) {
      if (isInvalidRequestStateError(error)) {
        const { ctx } = call;
        recordRefusedState(telemetry, {
          method: ctx.method,
          target: ctx.target,
          reason: error.reason,
          meta: ctx.sdk.mcpReq._meta,
          startTime,
        });
      }
      throw error;
    }
  },
  describe: ({ tools }) => (tools.telemetry !== undefined ? ['refused-state counter (OpenTelemetry)'] : []),
  isIdle: ({ tools }) => tools.telemetry === undefined,
};
