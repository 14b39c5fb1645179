import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { refuseLargeBody } from '../../../limits/refuse-large-body';
import { REFUSED_BEFORE_PARSE } from '../../face-request-options';
import type { Admission, AdmissionStep } from '../admission-step';

/**
 * A body over the nesting, string or size bounds refused from its bytes, before it is decoded and parsed
 * (limits/refuse-by-scan.ts); a refusal a Node face's own scan already made is answered here, after the same
 * host and auth checks, without reading the body again.
 */
export const byteScanStep: AdmissionStep = {
  name: 'byte scan',
  run(admission, next) {
    const refused = admission.options?.[REFUSED_BEFORE_PARSE];
    if (refused) return refuseUnparsed(admission, refused);
    const scanning = admission.bytes && refuseLargeBody(admission.bytes, admission.endpoint.limits);
    if (!scanning) return next(admission);
    return scanning.then((refusal) => (refusal ? refuseUnparsed(admission, refusal) : next(admission)));
  },
};

/** A body refused before its parse, logged as the refusals after it are. */
function refuseUnparsed(admission: Admission, refusal: JSONRPCMessage): Response {
  admission.endpoint.logger.info('call refused before dispatch', {
    reason: (refusal as { error?: { message?: string } }).error?.message,
  });
  return Response.json(refusal);
}
