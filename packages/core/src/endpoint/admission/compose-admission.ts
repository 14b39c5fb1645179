import type { Admission, AdmissionStep, AdmittingEndpoint, NextStep } from './admission-step';

/** An endpoint's admission: the steps it runs (those idle for it left out), and the chain that runs them. */
export interface ComposedAdmission {
  readonly steps: readonly AdmissionStep[];
  readonly run: NextStep;
}

/** Chains `steps` for `endpoint` once, at start-up: a request then costs one call per step that does something. */
export function composeAdmission(steps: readonly AdmissionStep[], endpoint: AdmittingEndpoint): ComposedAdmission {
  const active = steps.filter((step) => !step.isIdle?.(endpoint));
  const run = active.reduceRight<NextStep>(
    (next, step) => (admission: Admission) => step.run(admission, next),
    () => {
      throw new Error('admission: no step answered (the last step, dispatch, always does)');
    },
  );
  return { steps: active, run };
}
