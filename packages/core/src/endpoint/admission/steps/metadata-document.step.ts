import type { AdmissionStep } from '../admission-step';

/** The OAuth Protected Resource Metadata document: public, so answered before any token is asked for. */
export const metadataDocumentStep: AdmissionStep = {
  name: 'metadata document',
  isIdle: (endpoint) => endpoint.httpAuth?.metadata === undefined,
  run(admission, next) {
    return admission.endpoint.httpAuth!.metadata!.respond(admission.request) ?? next(admission);
  },
};
