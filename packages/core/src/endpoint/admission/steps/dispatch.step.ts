import type { McpHandlerRequestOptions } from '@modelcontextprotocol/server';
import { SERVE_CHECKED } from '../../face-request-options';
import type { AdmissionStep } from '../admission-step';

/**
 * The SDK's handler, past every check above; or, for a parsed message, a face that serves some messages itself
 * (listen's fast lane, handed in as `SERVE_CHECKED`), which gets them only now.
 */
export const dispatchStep: AdmissionStep = {
  name: 'dispatch',
  run({ endpoint, request, options, authInfo, parsed, body }) {
    // the caller's options as they are when the identity is theirs (a copy with a key added is slow on V8)
    const given: McpHandlerRequestOptions =
      options !== undefined && options.authInfo === authInfo ? options : { ...options, authInfo };
    if (!parsed) return endpoint.handler.fetch(request, given);
    const own = options?.[SERVE_CHECKED]?.(request, body, authInfo);
    return own ?? endpoint.handler.fetch(request, { ...given, parsedBody: body });
  },
};
