import type { FlowTelemetry } from './flow-telemetry';
import type { recordRefusedCall, recordRefusedState } from './record-refusals';
import type { CallStage } from '../pipeline/call-stage';

/** What an app with telemetry on uses: its instruments, the two pipeline stages and the refusal records. */
export interface TelemetryModules {
  FlowTelemetry: typeof FlowTelemetry;
  roundTraceStage: CallStage;
  stateRefusalsStage: CallStage;
  recordRefusedCall: typeof recordRefusedCall;
  recordRefusedState: typeof recordRefusedState;
}

let loaded: TelemetryModules | undefined;

/**
 * Required on first use: telemetry is off unless an app or a low-level server turns it on, and one without it
 * never loads its stages and records (nor, through them, OpenTelemetry). Node's module cache makes these the
 * same modules as any other import of them.
 */
export function telemetryModules(): TelemetryModules {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return (loaded ??= {
    FlowTelemetry: (require('./flow-telemetry') as typeof import('./flow-telemetry')).FlowTelemetry,
    roundTraceStage: (require('./round-trace.stage') as typeof import('./round-trace.stage')).roundTraceStage,
    stateRefusalsStage: (require('./state-refusals.stage') as typeof import('./state-refusals.stage'))
      .stateRefusalsStage,
    ...(require('./record-refusals') as typeof import('./record-refusals')),
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
}
