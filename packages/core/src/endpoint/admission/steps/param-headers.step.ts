import { refuseParamHeaders } from '../../../http-headers/refuse-param-headers';
import type { AdmissionStep } from '../admission-step';

/** `Mcp-Param-*` headers that disagree with the arguments they mirror, refused before either path serves the call. */
export const paramHeadersStep: AdmissionStep = {
  name: 'param headers',
  isIdle: (endpoint) => endpoint.paramHeaders === undefined,
  run(admission, next) {
    if (!admission.parsed) return next(admission);
    const { endpoint, request, body } = admission;
    return refuseParamHeaders(request, body, endpoint.paramHeaders!, endpoint.logger) ?? next(admission);
  },
};
