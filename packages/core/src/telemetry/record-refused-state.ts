import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { INVALID_REQUEST_STATE_MESSAGE, type InvalidStateReason } from '@tessera/request-state';
import { TelemetryAttribute as A, type FlowTelemetry } from './flow-telemetry';
import { contextFromMeta } from './traceparent';

/** One refused incoming state, wherever it was refused (before dispatch, or by the request-state stage). */
export interface RefusedState {
  method: string;
  target: string;
  reason: InvalidStateReason;
  /** The request's `params._meta` (its `traceparent`, if any, parents the span). */
  meta: unknown;
  /** When the refusal's round started (ms since the epoch). */
  startTime: number;
}

/**
 * Counts a refused state by reason, counts its round (outcome `refused_state`) and gives it a span of its
 * own, server side only: the wire answer is the same for every reason.
 */
export function recordRefusedState(telemetry: FlowTelemetry, refused: RefusedState): void {
  const { method, target, reason } = refused;
  const attributes = { [A.Method]: method, [A.Target]: target, [A.Outcome]: 'refused_state' };
  telemetry.refusedStates.add(1, { [A.Method]: method, [A.RefusalReason]: reason });
  telemetry.rounds.add(1, attributes);
  const active = context.active();
  const meta = typeof refused.meta === 'object' && refused.meta !== null ? refused.meta : undefined;
  const parent = contextFromMeta(meta as Record<string, unknown> | undefined, active) ?? active;
  const span = telemetry.tracer.startSpan(
    `${method} ${target}`,
    { kind: SpanKind.SERVER, startTime: refused.startTime, attributes: { ...attributes, [A.RefusalReason]: reason } },
    parent,
  );
  span.setStatus({ code: SpanStatusCode.ERROR, message: INVALID_REQUEST_STATE_MESSAGE });
  span.end();
}
