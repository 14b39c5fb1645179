import type { AuthInfo, JSONRPCMessage, McpHandlerRequestOptions } from '@modelcontextprotocol/server';

/**
 * The key under which a Node face hands the endpoint the refusal its pre-parse scan already made
 * (node-face-steps.ts), so the endpoint answers it after the same host and auth checks without reading the
 * body again. It is not a member of the public `EndpointRequestOptions`: a caller of `app.fetch` could
 * otherwise make the endpoint answer with any message it likes, and the option would become API to keep.
 * Registered (Symbol.for) so a face and an endpoint from two loaded copies of core still agree, as
 * `ServableEndpoint` is structural for the same reason.
 */
export const REFUSED_BEFORE_PARSE: unique symbol = Symbol.for('tessera.core.refusedBeforeParse');

/**
 * The key under which a Node face hands the endpoint a way to serve a parsed message itself, once the
 * endpoint's own checks (scopes, retry params, parameter headers, sessions, task streams) have passed it:
 * it returns the answer, or undefined to leave the message to the SDK's handler. Not public, for the
 * reasons above.
 */
export const SERVE_CHECKED: unique symbol = Symbol.for('tessera.core.serveChecked');

/** Serves a message the endpoint has checked, or returns undefined to leave it to the SDK's handler. */
export type ServeChecked = (
  request: Request,
  body: unknown,
  authInfo: AuthInfo | undefined,
) => Promise<Response> | undefined;

/**
 * What a Node face passes to the endpoint's `fetch`: the body it already parsed, or the refusal it already
 * made, and how it serves checked messages itself.
 */
export interface FaceRequestOptions extends Pick<McpHandlerRequestOptions, 'parsedBody' | 'authInfo'> {
  [REFUSED_BEFORE_PARSE]?: JSONRPCMessage;
  [SERVE_CHECKED]?: ServeChecked;
}
