import type { AdmissionStep } from '../admission-step';

/** A `subscriptions/listen` change stream filtered by what its caller sees, when callers may see different surfaces. */
export const changeStreamsStep: AdmissionStep = {
  name: 'change streams',
  isIdle: (endpoint) => endpoint.changeListen === undefined,
  run(admission, next) {
    if (!admission.parsed) return next(admission);
    const { endpoint, body, request, authInfo } = admission;
    return endpoint.changeListen!.serve(body, request, authInfo) ?? next(admission);
  },
};
