import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonContentType, type AuthInfo } from '@modelcontextprotocol/server';
import { payloadTooLarge } from '../limits/read-limited-body';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import { REFUSED_BEFORE_PARSE, type FaceRequestOptions } from '../app/face-request-options';
import { bodiesBusy, type BodyBudget } from '../limits/body-budget';
import { ANSWER_SLOT } from '../server/answer-slot';
import { refuseByScan } from '../limits/refuse-by-scan';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { asRequest, NodeRequestView } from './node-request-view';
import { readNodeBody } from './read-node-body';
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

/** The revisions served by the stateless fast path; a request naming any other goes the SDK's way. */
const FAST_REVISIONS = new Set(['2026-07-28']);

/**
 * Which requests take the fast path, from the headers alone (before the body is read): a stateless
 * 2026-07-28 POST with a JSON body. Everything else (GET, DELETE, sessions, the 2025 era, a missing or
 * other version header) is served by the SDK's node adapter exactly as before.
 */
export function takesFastPath(req: IncomingMessage): boolean {
  if (req.method !== 'POST') return false;
  const version = req.headers['mcp-protocol-version'];
  if (typeof version !== 'string' || !FAST_REVISIONS.has(version.trim())) return false;
  if (req.headers['mcp-session-id'] !== undefined) return false;
  return isJsonContentType(req.headers['content-type'] ?? null);
}

function internalError(body: unknown): Response {
  const { id, method } = (body ?? {}) as { id?: unknown; method?: unknown };
  const echoable = typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : null;
  return Response.json(
    { jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: echoable },
    { status: 500 },
  );
}

/**
 * The node handler of `listen`. Every request is checked in one order: Host/Origin, then authentication,
 * then the body's size and shape, then the parse. The stateless 2026-07-28 POST is served on node:http
 * directly (the headers checked on a view of the node request before a byte of the body is read, the body
 * read into one buffer and parsed once, the answer written in one piece), through the same endpoint
 * `fetch` and so the SDK's own message schemas and dispatch (a plain result is taken from the exchange as
 * a message, not as a web `Response`: answer-slot.ts); a body that does not parse as one JSON object goes
 * to the endpoint as a real `Request` with the same bytes, so the SDK answers it as it always does. Every
 * other request goes through the SDK's node adapter (`toNodeHandler`), whose web `Request` streams the body
 * to the endpoint only after the same checks. `fastPath: false` sends everything that way.
 */
export function createNodeHandler(
  face: NodeFace,
  fastPath: boolean,
  limits: ResolvedRequestLimits,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { fetch, screen } = face;
  const sdkAdapter = toNodeHandler({ fetch });
  const { maxBodyBytes } = limits;
  return async (req, res) => {
    // every request: the headers checked on a view of the node request, before a byte of the body is read
    const view = new NodeRequestView(req, res);
    const screened = screen?.(asRequest(view));
    if (screened) return refuseUnread(screened, res);
    const admitted = face.admit ? await face.admit(asRequest(view)) : {};
    if (admitted instanceof Response) return refuseUnread(admitted, res);
    const authInfo = admitted.authInfo ?? face.hostAuth?.(req);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    if (hasBody && Number(req.headers['content-length']) > maxBodyBytes)
      return refuseUnread(payloadTooLarge(maxBodyBytes), res);
    if (!fastPath || !takesFastPath(req)) {
      // the SDK's adapter hands `req.auth` on as `authInfo`, which the endpoint takes as verified
      if (!hasBody) return sdkAdapter(withAuth(req, authInfo), res);
      // the body read here, counted against the budget, and replayed to the SDK's adapter (which would
      // otherwise buffer it uncounted); the endpoint counts it again as it reads it
      const hold = face.bodies?.open();
      let bytes: Awaited<ReturnType<typeof readNodeBody>>;
      try {
        bytes = await readNodeBody(req, maxBodyBytes, hold);
      } finally {
        hold?.release();
      }
      if (bytes === 'too-large') return writeWebResponse(payloadTooLarge(maxBodyBytes), res);
      if (bytes === 'busy') return writeWebResponse(bodiesBusy(), res);
      // over the limits: refused from the bytes here too, before the adapter decodes and copies them
      const refusal = await refuseByScan(bytes, limits);
      if (refusal)
        return writeWebResponse(await fetch(asRequest(view), { authInfo, [REFUSED_BEFORE_PARSE]: refusal }), res);
      return sdkAdapter(replayed(withAuth(req, authInfo), bytes), res);
    }
    const hold = face.bodies?.open();
    try {
      const bytes = await readNodeBody(req, maxBodyBytes, hold);
      if (bytes === 'too-large') return writeWebResponse(payloadTooLarge(maxBodyBytes), res);
      if (bytes === 'busy') return writeWebResponse(bodiesBusy(), res);
      // over the limits: refused from the bytes, never decoded or parsed (after the host and auth checks)
      const refusal = await refuseByScan(bytes, limits);
      if (refusal)
        return writeWebResponse(await fetch(asRequest(view), { authInfo, [REFUSED_BEFORE_PARSE]: refusal }), res);
      const text = bytes.toString('utf8');
      view.withBody(text);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const parsed = typeof body === 'object' && body !== null && !Array.isArray(body);
      // a body the SDK answers itself goes on as a real Request, read (and counted) again by the endpoint
      if (!parsed) hold?.release();
      let response: Response;
      try {
        response = parsed
          ? await fetch(asRequest(view), { parsedBody: body, authInfo })
          : await fetch(view.clone(), { authInfo });
      } catch {
        response = internalError(parsed ? body : undefined); // what the SDK's adapter answers when fetch throws
      }
      const answer = view[ANSWER_SLOT].textOf(response);
      if (answer === undefined) return await writeWebResponse(response, res);
      // what the SDK answers a plain result with: 200, application/json, the message as JSON (here written whole)
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) })
        .end(answer);
    } finally {
      hold?.release();
    }
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
