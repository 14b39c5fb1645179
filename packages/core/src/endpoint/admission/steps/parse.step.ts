import { utf8Text } from '../../../limits/read-limited-body';
import type { AdmissionStep } from '../admission-step';

/**
 * The body parsed once, here (or by the face: `parsedBody`), and handed on as `parsedBody`, so the SDK does not
 * clone and read it again. A body the SDK answers itself (empty, not JSON) goes to it unparsed, with the same text.
 */
export const parseStep: AdmissionStep = {
  name: 'parse',
  run(admission, next) {
    const { bytes, request, options } = admission;
    if (bytes === undefined) {
      if (request.method === 'POST') {
        admission.body = options!.parsedBody;
        admission.parsed = true;
      }
      return next(admission);
    }
    const text = utf8Text(bytes);
    let body: unknown;
    try {
      body = text.length === 0 ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (body === undefined)
      return admission.endpoint.handler.fetch(new Request(request, { body: text }), {
        ...options,
        authInfo: admission.authInfo,
      });
    admission.body = body;
    admission.parsed = true;
    return next(admission);
  },
};
