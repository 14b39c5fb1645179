import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostHeaderValidationResponse, originValidationResponse, type AuthInfo } from '@modelcontextprotocol/server';
import { FastLane } from '../accelerators/lane/fast-lane';
import { createNodeHandler } from './node-handler';
import { checkOptions } from '../errors/definition/check-options';
import { servableOf, type Servable, type ServableEndpoint } from './servable-endpoint';
import { unusableHostCheck } from './unusable-host';
import { writeWebResponse } from './write-web-response';
import { recordNodeFaceAdmission } from './node-face-admission';

export interface NodeHandlerOptions {
  /**
   * DNS rebinding protection: the hostnames accepted in `Host` and `Origin` (no ports; IPv6 in brackets),
   * as `listen`'s. A `Host` that is not a URL authority is refused with 403 with or without them. Default
   * none: the host application owns its listener and decides who reaches its routes.
   */
  allowedHosts?: string[];
  /** As `listen`'s: the stateless 2026-07-28 POST with an unread body served on node:http directly (default true). */
  fastPath?: boolean;
}

const NODE_HANDLER_OPTIONS = { allowedHosts: true, fastPath: true } as const satisfies Record<
  keyof NodeHandlerOptions,
  true
>;

/**
 * Serves one MCP request inside a Node framework's route. `parsedBody`: the body the framework already read
 * and parsed (Express's `req.body`, Fastify's `request.body`), used as is; without it the body is read from
 * the request stream with the app's limits, as `listen` does. `req.auth` (an `AuthInfo` the host verified) is
 * the caller's identity when the app verifies no token itself.
 */
export type NodeMcpHandler = (req: IncomingMessage, res: ServerResponse, parsedBody?: unknown) => Promise<void>;

/**
 * The app's Node face for a route of an existing Express, Fastify, NestJS or plain node:http server: the
 * same checks and answers as `listen` (auth from the headers, request limits, the fast lane), without a
 * listener of its own. The host closes its server; `app.close()` then ends the app's open streams.
 */
export function nodeHandler(served: Servable, options: NodeHandlerOptions = {}): NodeMcpHandler {
  checkOptions(options, NODE_HANDLER_OPTIONS, 'nodeHandler');
  const { endpoint, runtime } = servableOf(served);
  const { allowedHosts } = options;
  const screen =
    allowedHosts &&
    ((request: Request) =>
      hostHeaderValidationResponse(request, allowedHosts) ?? originValidationResponse(request, allowedHosts));
  const hostAuth = (req: IncomingMessage) => (req as IncomingMessage & { auth?: AuthInfo }).auth;
  const lane = options.fastPath === false ? undefined : FastLane.open(endpoint, runtime);
  if (lane) endpoint.track(() => lane.close());
  const fromStream = createNodeHandler(
    {
      fetch: endpoint.fetch,
      ...(screen && { screen }),
      ...(endpoint.admit && { admit: (request: Request) => endpoint.admit!(request) }),
      ...(endpoint.bodies && { bodies: endpoint.bodies }),
      hostAuth,
    },
    lane,
    endpoint.limits,
  );
  const unusableHost = unusableHostCheck();
  const handler: NodeMcpHandler = async (req, res, parsedBody) => {
    if (parsedBody !== undefined) {
      // checked here, as fromStream checks it: the URL of the request built below would throw
      const badHost = unusableHost(req.headers.host);
      if (badHost) return writeWebResponse(badHost, res);
      return servedParsed(endpoint, req, res, parsedBody, screen, hostAuth(req));
    }
    if (req.readableEnded && req.method !== 'GET' && req.method !== 'HEAD') {
      // another middleware read the body and kept it: reading the stream again would find nothing
      endpoint.logger.error(
        'MCP request body already read by the host application and not handed over: pass it as the third argument of nodeHandler (req.body)',
        { method: req.method, url: req.url },
      );
      return writeWebResponse(bodyAlreadyRead(), res);
    }
    return fromStream(req, res);
  };
  recordNodeFaceAdmission(handler, () => ({ endpoint, laneOn: lane !== undefined }));
  return handler;
}

/** A body the host parsed: the headers checked as on every path, then the endpoint with the parsed body. */
async function servedParsed(
  endpoint: ServableEndpoint,
  req: IncomingMessage,
  res: ServerResponse,
  parsedBody: unknown,
  screen: ((request: Request) => Response | undefined) | undefined,
  authInfo: AuthInfo | undefined,
): Promise<void> {
  const request = webRequest(req, res, parsedBody);
  const screened = screen?.(request);
  if (screened) return writeWebResponse(screened, res);
  let response: Response;
  try {
    // `fetch` verifies the bearer token itself when the app has auth; the host's identity is used otherwise
    response = await endpoint.fetch(request, { parsedBody, ...(authInfo && { authInfo }) });
  } catch (error) {
    endpoint.logger.error('http handler failed', { error });
    response = Response.json(
      { jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null },
      { status: 500 },
    );
  }
  await writeWebResponse(response, res);
}

/** The node request as a web `Request`: its headers and URL, the parsed body as JSON text, aborted when the client leaves. */
function webRequest(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':') || name === 'content-length') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const controller = new AbortController();
  res.once('close', () => !res.writableFinished && controller.abort());
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    ...(hasBody && { body: typeof parsedBody === 'string' ? parsedBody : JSON.stringify(parsedBody) }),
    signal: controller.signal,
  });
}

function bodyAlreadyRead(): Response {
  return Response.json(
    {
      jsonrpc: '2.0',
      error: {
        code: -32603,
        message: 'Internal server error: the request body was read by the host application and not passed on',
      },
      id: null,
    },
    { status: 500 },
  );
}
