/**
 * The `telemetry` optional feature (loading/optional-features.ts): the instruments, the two pipeline stages and
 * the refusal records (OpenTelemetry itself is loaded at their first span or metric).
 */
export { FlowTelemetry } from './flow-telemetry';
export { roundTraceStage } from './round-trace.stage';
export { stateRefusalsStage } from './state-refusals.stage';
export { recordRefusedCall, recordRefusedState } from './record-refusals';
