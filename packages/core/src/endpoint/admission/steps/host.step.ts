import { hostHeaderValidationResponse, originValidationResponse } from '@modelcontextprotocol/server';
import type { AdmissionStep } from '../admission-step';

/**
 * DNS rebinding protection: `Host`, then `Origin`, against the hostnames the caller of `fetch` allows (403).
 * Without `allowedHosts` there is nothing to check (the Node faces check their own before the endpoint).
 */
export const hostStep: AdmissionStep = {
  name: 'host',
  run(admission, next) {
    const hosts = admission.options?.allowedHosts;
    const foreign =
      hosts &&
      (hostHeaderValidationResponse(admission.request, hosts) ?? originValidationResponse(admission.request, hosts));
    return foreign || next(admission);
  },
};
