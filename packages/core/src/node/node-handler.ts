import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { payloadTooLarge } from '../limits/read-limited-body';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import { REFUSED_BEFORE_PARSE, type FaceRequestOptions } from '../endpoint/face-request-options';
import { bodiesBusy, type BodyBudget } from '../limits/body-budget';
import { refuseLargeBody, SCAN_FROM_BYTES } from '../limits/refuse-large-body';
import type { FastLane } from '../accelerators/lane/fast-lane';
import { isWebResponse } from './is-web-response';
import { loadFeature } from '../loading/load-feature';
import { asRequest, NodeRequestView } from './node-request-view';
import { readNodeBody } from './read-node-body';
import { unusableHostCheck } from './unusable-host';
import { writeWebResponse } from './write-web-response';

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

/**
 * The node handler of `listen`. Every request is checked in one order: Host (a URL authority at all, then
 * the allowed hosts) and Origin, then authentication
 * (both on a view of the node request, before a byte of the body is read), then the body's size and shape,
 * then the parse. A request the fast lane takes (lane/) is served there; every other one goes through the
 * SDK's node adapter (`toNodeHandler`), with the body already read, counted and scanned replayed to it.
 * Without a lane (`fastPath: false`, or an SDK the lane does not know) everything goes the adapter's way.
 */
export function createNodeHandler(
  face: NodeFace,
  lane: FastLane | undefined,
  limits: ResolvedRequestLimits,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { fetch, screen } = face;
  let adapter: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  // built on the first request that needs it (GET, or off the lane): a server the lane serves never loads it
  const sdkAdapter = (req: IncomingMessage, res: ServerResponse) =>
    (adapter ??= loadFeature('sdkNodeAdapter').toNodeHandler({ fetch }))(req, res);
  const { maxBodyBytes } = limits;
  const unusableHost = unusableHostCheck();
  return async (req, res) => {
    const badHost = unusableHost(req.headers.host);
    if (badHost) return refuseUnread(badHost, res);
    const view = new NodeRequestView(req, res);
    const screened = screen?.(asRequest(view));
    if (screened) return refuseUnread(screened, res);
    const admitted = face.admit ? await face.admit(asRequest(view)) : {};
    if (isWebResponse(admitted)) return refuseUnread(admitted, res);
    const authInfo = admitted.authInfo ?? face.hostAuth?.(req);
    // the SDK's adapter hands `req.auth` on as `authInfo`, which the endpoint takes as verified
    if (req.method === 'GET' || req.method === 'HEAD') return sdkAdapter(withAuth(req, authInfo), res);
    if (Number(req.headers['content-length']) > maxBodyBytes) return refuseUnread(payloadTooLarge(maxBodyBytes), res);
    let bytes: Buffer;
    const hold = face.bodies?.open();
    try {
      const read = await readNodeBody(req, maxBodyBytes, hold);
      if (read === 'too-large') return await writeWebResponse(payloadTooLarge(maxBodyBytes), res);
      if (read === 'busy') return await writeWebResponse(bodiesBusy(), res);
      bytes = read;
      // over the limits: refused from the bytes, never decoded or parsed (after the host and auth checks)
      // (a body too small to scan is not: no promise to wait for)
      const refusal = bytes.length < SCAN_FROM_BYTES ? undefined : await refuseLargeBody(bytes, limits);
      if (refusal)
        return await writeWebResponse(await fetch(asRequest(view), { authInfo, [REFUSED_BEFORE_PARSE]: refusal }), res);
      if (lane?.takes(req)) {
        const text = bytes.toString('utf8');
        view.withBody(text);
        const release = () => hold?.release();
        const answer = await lane.serve({
          request: asRequest(view),
          text,
          clone: () => view.clone(),
          authInfo,
          release,
        });
        if (isWebResponse(answer)) return await writeWebResponse(answer, res);
        // what the SDK answers a plain result with: 200, application/json, the message as JSON (here written whole)
        res
          .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer.json) })
          .end(answer.json);
        return;
      }
    } finally {
      hold?.release();
    }
    // the body was read here, counted against the budget, and is replayed to the SDK's adapter (which would
    // otherwise buffer it uncounted); the endpoint counts it again as it reads it
    return sdkAdapter(replayed(withAuth(req, authInfo), bytes), res);
  };
}

/** A refusal sent before the body is read: the connection is not reused, so the unread body is never read. */
function refuseUnread(response: Response, res: ServerResponse): Promise<void> {
  res.setHeader('connection', 'close');
  return writeWebResponse(response, res);
}

/** The node request with the identity the face verified, under the name the SDK's adapter reads. */
function withAuth(req: IncomingMessage, authInfo: AuthInfo | undefined): IncomingMessage {
  if (authInfo !== undefined) (req as IncomingMessage & { auth?: AuthInfo }).auth = authInfo;
  return req;
}

/** The node request whose body, already read, is read again from memory (headers, URL and socket are its own). */
function replayed(req: IncomingMessage, bytes: Buffer): IncomingMessage {
  const again = Object.create(req) as IncomingMessage;
  Object.defineProperty(again, Symbol.asyncIterator, {
    value: async function* () {
      if (bytes.length > 0) yield bytes;
    },
  });
  return again;
}
