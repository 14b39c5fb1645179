import type { Admission, AdmissionStep, NextStep } from '../admission-step';

/** The bearer token (401, 403), unless the face hands back an identity the endpoint verified itself (`admit`). */
export const authStep: AdmissionStep = {
  name: 'auth',
  isIdle: (endpoint) => endpoint.httpAuth === undefined,
  run(admission, next) {
    const { authInfo } = admission;
    if (authInfo && admission.endpoint.verified.has(authInfo)) return next(admission);
    return authenticated(admission, next);
  },
};

async function authenticated(admission: Admission, next: NextStep): Promise<Response> {
  const outcome = await admission.endpoint.httpAuth!.authenticate(admission.request);
  if (outcome instanceof Response) return outcome;
  admission.authInfo = outcome;
  return next(admission);
}
