import type { AdmissionStep } from '../admission-step';

/** A `subscriptions/listen` stream for task status (`taskIds` filters), when the app serves tasks. */
export const taskStreamsStep: AdmissionStep = {
  name: 'task streams',
  isIdle: (endpoint) => endpoint.taskListen === undefined,
  run(admission, next) {
    if (!admission.parsed) return next(admission);
    const { endpoint, body, request, authInfo } = admission;
    return endpoint.taskListen!.serve(body, request, authInfo) ?? next(admission);
  },
};
