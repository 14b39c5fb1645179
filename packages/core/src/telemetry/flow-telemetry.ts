import type { Counter, Histogram, Tracer } from '@opentelemetry/api';
import { openTelemetry } from './open-telemetry';
import type { TelemetryOptions } from './telemetry-options';

/** The instrument scope name every Tessera span and metric is reported under. */
export const TELEMETRY_SCOPE = '@tessera/core';

/** Attribute names on round spans and metrics. Question keys are reported; answers never are. */
export const TelemetryAttribute = {
  Method: 'mcp.method.name',
  Target: 'tessera.target',
  FlowId: 'tessera.flow.id',
  Round: 'tessera.flow.round',
  QuestionKeys: 'tessera.question.keys',
  Outcome: 'tessera.outcome',
  RefusalReason: 'tessera.request_state.refusal_reason',
  ErrorType: 'error.type',
} as const;

/**
 * How a round ended: asked again (`input_required`), completed (`complete`), or failed: a `ToolError` thrown or
 * an `{ isError: true }` returned (`tool_error`), arguments refused (`invalid_arguments`: by validation, or
 * before dispatch, arguments or answers malformed or over the request limits), a guard refused
 * (`forbidden`), the client lacks a capability a question needs (`missing_capability`), the user declined or
 * cancelled a question the method needed (`declined`, `cancelled`), an incoming state refused (`refused_state`),
 * anything else, a crash (`internal_error`).
 */
export type RoundOutcome =
  | 'input_required'
  | 'complete'
  | 'tool_error'
  | 'invalid_arguments'
  | 'forbidden'
  | 'missing_capability'
  | 'declined'
  | 'cancelled'
  | 'refused_state'
  | 'internal_error';

/** The tracer and instruments of one app, made once at startup. */
export class FlowTelemetry {
  readonly tracer: Tracer;
  /** Every round served, by method, target and outcome. */
  readonly rounds: Counter;
  /** Rounds a flow took, recorded when it ends (1: answered at once). */
  readonly flowRounds: Histogram;
  /** Incoming states refused, by reason (server side only; the wire always says the same). */
  readonly refusedStates: Counter;

  constructor(options: TelemetryOptions) {
    const { trace, metrics } = openTelemetry();
    this.tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(TELEMETRY_SCOPE);
    const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter(TELEMETRY_SCOPE);
    this.rounds = meter.createCounter('tessera.rounds', {
      description: 'Rounds served (tools/call, prompts/get, resources/read legs)',
    });
    this.flowRounds = meter.createHistogram('tessera.flow.rounds', {
      description: 'Rounds a flow took, recorded when it ends',
      advice: { explicitBucketBoundaries: [1, 2, 3, 4, 5, 7, 10] },
    });
    this.refusedStates = meter.createCounter('tessera.request_state.refused', {
      description: 'Incoming requestState refused, by reason',
    });
  }
}
