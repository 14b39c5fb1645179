import type { AdmissionStep } from '../admission-step';

/** The 403 for a call whose handler needs scopes the token lacks: before the SDK, so it never runs or asks anything. */
export const scopesStep: AdmissionStep = {
  name: 'scopes',
  isIdle: (endpoint) => endpoint.challengeScopes === undefined,
  run(admission, next) {
    if (!admission.parsed) return next(admission);
    return admission.endpoint.challengeScopes!(admission.body, admission.authInfo) ?? next(admission);
  },
};
