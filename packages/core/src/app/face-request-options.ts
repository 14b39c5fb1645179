import type { JSONRPCMessage, McpHandlerRequestOptions } from '@modelcontextprotocol/server';

/**
 * The key under which a Node face hands the endpoint the refusal its pre-parse scan already made
 * (node-handler.ts), so the endpoint answers it after the same host and auth checks without reading the
 * body again. It is not a member of the public `EndpointRequestOptions`: a caller of `app.fetch` could
 * otherwise make the endpoint answer with any message it likes, and the option would become API to keep.
 * Registered (Symbol.for) so a face and an endpoint from two loaded copies of core still agree, as
 * `ServableEndpoint` is structural for the same reason.
 */
export const REFUSED_BEFORE_PARSE: unique symbol = Symbol.for('tessera.core.refusedBeforeParse');

/** What a Node face passes to the endpoint's `fetch`: the body it already parsed, or the refusal it already made. */
export interface FaceRequestOptions extends Pick<McpHandlerRequestOptions, 'parsedBody' | 'authInfo'> {
  [REFUSED_BEFORE_PARSE]?: JSONRPCMessage;
}
