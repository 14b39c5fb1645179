import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/server';
import { payloadTooLarge } from '../app/read-limited-body';
import type { ResolvedRequestLimits } from '../app/request-limits';
import { REFUSED_BEFORE_PARSE, type FaceRequestOptions } from '../app/face-request-options';
import { ANSWER_SLOT } from '../server/answer-slot';
import { refuseByScan } from '../server/refuse-by-scan';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { asRequest, NodeRequestView } from './node-request-view';
import { readNodeBody } from './read-node-body';
import { writeWebResponse } from './write-web-response';

export type EndpointFetch = (request: Request, options?: FaceRequestOptions) => Promise<Response>;

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
 * The node handler of `listen`: the stateless 2026-07-28 POST is served on node:http directly (body read
 * into one buffer and parsed once, a view of the node request instead of a web `Request`, the answer
 * written in one piece), through the same endpoint `fetch` and so the SDK's own message schemas and
 * dispatch (a plain result is taken from the exchange as a message, not as a web `Response`: answer-slot.ts); a body that does not parse as one JSON object goes to the endpoint as a real `Request` with the
 * same bytes, so the SDK answers it as it always does. Every other request goes through the SDK's node
 * adapter (`toNodeHandler`). `fastPath: false` sends everything that way.
 */
export function createNodeHandler(
  fetch: EndpointFetch,
  fastPath: boolean,
  limits: ResolvedRequestLimits,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const sdkAdapter = toNodeHandler({ fetch });
  const { maxBodyBytes } = limits;
  return async (req, res) => {
    // the SDK's adapter streams the body to the endpoint's fetch, which counts it against the same limit
    if (!fastPath || !takesFastPath(req) || Number(req.headers['content-length']) > maxBodyBytes)
      return sdkAdapter(req, res);
    const bytes = await readNodeBody(req, maxBodyBytes);
    if (bytes === 'too-large') return writeWebResponse(payloadTooLarge(maxBodyBytes), res);
    // arguments over the limits: refused from the bytes, never decoded or parsed; the endpoint answers
    // after the host and auth checks, without scanning again
    const refusal = await refuseByScan(bytes, limits);
    if (refusal)
      return writeWebResponse(
        await fetch(asRequest(new NodeRequestView(req, res, '')), { [REFUSED_BEFORE_PARSE]: refusal }),
        res,
      );
    const text = bytes.toString('utf8');
    const view = new NodeRequestView(req, res, text);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const parsed = typeof body === 'object' && body !== null && !Array.isArray(body);
    let response: Response;
    try {
      response = parsed ? await fetch(asRequest(view), { parsedBody: body }) : await fetch(view.clone());
    } catch {
      response = internalError(parsed ? body : undefined); // what the SDK's adapter answers when fetch throws
    }
    const answer = view[ANSWER_SLOT].textOf(response);
    if (answer === undefined) return writeWebResponse(response, res);
    // what the SDK answers a plain result with: 200, application/json, the message as JSON (here written whole)
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) }).end(answer);
  };
}
