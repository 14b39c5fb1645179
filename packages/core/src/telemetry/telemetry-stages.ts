import type { CallStage } from '../pipeline/call-stage';
import { loadFeature } from '../loading/load-feature';

type TelemetryModules = ReturnType<typeof loadFeature<'telemetry'>>;

/**
 * A telemetry stage as the pipeline lists it: idle while the app's telemetry is off, and loading the stage
 * itself (`round-trace.stage.ts`, `state-refusals.stage.ts`) only for an app that has it on.
 */
function onUse(name: string, stage: (modules: TelemetryModules) => CallStage): CallStage {
  return {
    name,
    run: (call, next) =>
      call.tools.telemetry === undefined ? next() : stage(loadFeature('telemetry')).run(call, next),
    describe: (view) => (view.tools.telemetry === undefined ? [] : stage(loadFeature('telemetry')).describe(view)),
    isIdle: ({ tools }) => tools.telemetry === undefined,
  };
}

export const stateRefusalsOnUse = onUse('state-refusals', (modules) => modules.stateRefusalsStage);
export const roundTraceOnUse = onUse('round-trace', (modules) => modules.roundTraceStage);
