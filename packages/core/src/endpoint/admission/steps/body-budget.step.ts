import { bodiesBusy } from '../../../limits/body-budget';
import { payloadTooLarge, readLimitedBytes } from '../../../limits/read-limited-body';
import { REFUSED_BEFORE_PARSE } from '../../face-request-options';
import type { Admission, AdmissionStep, NextStep } from '../admission-step';

/**
 * A POST's body, read as a stream with a running byte count (a chunked body is never buffered past
 * `maxBodyBytes`: 413) and held against the endpoint's budget of bytes in flight until the request is answered
 * (`maxBodyBytesInFlight`: busy). A body the face read and parsed (`parsedBody`), or refused (its own scan),
 * is not read again.
 */
export const bodyBudgetStep: AdmissionStep = {
  name: 'body budget',
  run(admission, next) {
    const { request, options } = admission;
    if (request.method !== 'POST' || options?.parsedBody !== undefined || options?.[REFUSED_BEFORE_PARSE])
      return next(admission);
    const max = admission.endpoint.limits.maxBodyBytes;
    if (Number(request.headers.get('content-length')) > max) return payloadTooLarge(max);
    return readHeld(admission, max, next);
  },
};

async function readHeld(admission: Admission, max: number, next: NextStep): Promise<Response> {
  const hold = admission.endpoint.bodies.open();
  try {
    const bytes = await readLimitedBytes(admission.request, max, hold);
    if (bytes === 'too-large') return payloadTooLarge(max);
    if (bytes === 'busy') return bodiesBusy();
    admission.bytes = bytes;
    return await next(admission);
  } finally {
    hold.release();
  }
}
