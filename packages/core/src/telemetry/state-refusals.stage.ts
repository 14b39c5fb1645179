import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { INVALID_REQUEST_STATE_MESSAGE, isInvalidRequestStateError } from '@tessera/request-state';
import type { CallStage } from '../pipeline/call-stage';
import { TelemetryAttribute as A } from './flow-telemetry';
import { contextFromMeta } from './traceparent';

/**
 * Outermost, around the request-state stage: a refused incoming state is counted by reason and gets a span of its
 * own (outcome `refused_state`, with the reason, server side only). Rounds that get past it are traced inside.
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
        const attributes = { [A.Method]: ctx.method, [A.Target]: ctx.target, [A.Outcome]: 'refused_state' };
        telemetry.refusedStates.add(1, { [A.Method]: ctx.method, [A.RefusalReason]: error.reason });
        telemetry.rounds.add(1, attributes);
        const active = context.active();
        const parent = contextFromMeta(ctx.sdk.mcpReq._meta, active) ?? active;
        const span = telemetry.tracer.startSpan(
          `${ctx.method} ${ctx.target}`,
          { kind: SpanKind.SERVER, startTime, attributes: { ...attributes, [A.RefusalReason]: error.reason } },
          parent,
        );
        span.setStatus({ code: SpanStatusCode.ERROR, message: INVALID_REQUEST_STATE_MESSAGE });
        span.end();
      }
      throw error;
    }
  },
  describe: ({ tools }) => (tools.telemetry !== undefined ? ['refused-state counter (OpenTelemetry)'] : []),
  isIdle: ({ tools }) => tools.telemetry === undefined,
};
