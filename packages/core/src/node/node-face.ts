import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { FaceRequestOptions } from '../endpoint/face-request-options';
import type { BodyBudget } from '../limits/body-budget';

export type EndpointFetch = (request: Request, options?: FaceRequestOptions) => Promise<Response>;

/** What `listen`'s node handler serves through: the endpoint, and the checks made before a body is read. */
export interface NodeFace {
  /** The endpoint's `fetch`. */
  fetch: EndpointFetch;
  /** Host/Origin (DNS rebinding) check from the headers: the refusal to send, or undefined. */
  screen?: (request: Request) => Response | undefined;
  /** The endpoint's authentication from the headers (McpEndpoint.admit). */
  admit?: (request: Request) => Promise<Response | { authInfo?: AuthInfo }>;
  /** The endpoint's budget of body bytes held at once. */
  bodies?: BodyBudget;
  /** An identity the host application verified itself (`req.auth`), used when the endpoint verifies none. */
  hostAuth?: (req: IncomingMessage) => AuthInfo | undefined;
}
