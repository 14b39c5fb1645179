import type { Attributes } from '@opentelemetry/api';
import { INVALID_REQUEST_STATE_MESSAGE, type InvalidStateReason } from '@tessera/request-state/framework';
import type { FlowTelemetry } from './flow-telemetry';
import { TelemetryAttribute as A, type RoundOutcome } from './telemetry-names';
import { loadFeature } from '../loading/load-feature';
import { contextFromMeta } from './traceparent';

/** One round refused before its handler could run, wherever it was refused (before dispatch, or in the pipeline). */
export interface RefusedRound {
  method: string;
  target: string;
  /** The request's `params._meta` (its `traceparent`, if any, parents the span). */
  meta: unknown;
  /** When the refusal's round started (ms since the epoch). */
  startTime: number;
}

/** One refused incoming state (before dispatch, or by the request-state stage). */
export interface RefusedState extends RefusedRound {
  reason: InvalidStateReason;
}

/**
 * Counts a refused state by reason, counts its round (outcome `refused_state`) and gives it a span of its
 * own, server side only: the wire answer is the same for every reason.
 */
export function recordRefusedState(telemetry: FlowTelemetry, refused: RefusedState): void {
  telemetry.refusedStates.add(1, { [A.Method]: refused.method, [A.RefusalReason]: refused.reason });
  recordRound(
    telemetry,
    refused,
    'refused_state',
    { [A.RefusalReason]: refused.reason },
    INVALID_REQUEST_STATE_MESSAGE,
  );
}

/**
 * A call refused before dispatch for its arguments or answers (malformed, or over the request limits): its
 * round counted with the outcome `invalid_arguments`, and a span, as the pipeline counts arguments it refuses.
 */
export function recordRefusedCall(telemetry: FlowTelemetry, refused: RefusedRound): void {
  recordRound(telemetry, refused, 'invalid_arguments', {}, 'refused before dispatch');
}

function recordRound(
  telemetry: FlowTelemetry,
  refused: RefusedRound,
  outcome: RoundOutcome,
  extra: Attributes,
  message: string,
): void {
  const { context, SpanKind, SpanStatusCode } = loadFeature('openTelemetry');
  const attributes = { [A.Method]: refused.method, [A.Target]: refused.target, [A.Outcome]: outcome };
  telemetry.rounds.add(1, attributes);
  const active = context.active();
  const meta = typeof refused.meta === 'object' && refused.meta !== null ? refused.meta : undefined;
  const parent = contextFromMeta(meta as Record<string, unknown> | undefined, active) ?? active;
  const span = telemetry.tracer.startSpan(
    `${refused.method} ${refused.target}`,
    { kind: SpanKind.SERVER, startTime: refused.startTime, attributes: { ...attributes, ...extra } },
    parent,
  );
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  span.end();
}
