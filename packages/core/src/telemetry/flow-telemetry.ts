import type { Counter, Histogram, Tracer } from '@opentelemetry/api';
import { loadFeature } from '../loading/load-feature';
import type { TelemetryOptions } from './telemetry-options';
import { TELEMETRY_SCOPE } from './telemetry-names';

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
    const { trace, metrics } = loadFeature('openTelemetry');
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
