import type { AdmissionStep } from '../admission-step';

/**
 * The checks on a parsed message before the SDK sees it (screening/refuse-before-dispatch.ts: requestState's
 * shape, retry params, argument bounds), logged and counted. The refusal is a JSON-RPC error with status 200,
 * like every other JSON-RPC error answer.
 */
export const screeningStep: AdmissionStep = {
  name: 'screening',
  run(admission, next) {
    if (!admission.parsed) return next(admission);
    const refusal = admission.endpoint.screen(admission.body);
    return refusal ? Response.json(refusal) : next(admission);
  },
};
