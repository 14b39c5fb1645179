import type { IncomingMessage } from 'node:http';
import { createMcpHandler, isJsonContentType, type AuthInfo, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { SdkServerFactory } from '../../endpoint/mcp-endpoint';
import { SERVE_CHECKED, type FaceRequestOptions } from '../../endpoint/face-request-options';
import type { ServerRuntime } from '../../server/server-runtime';
import type { Logger } from '../../logging/logger';
import { ACCELERATORS_ENV, acceleratorOff } from '../accelerators-switch';
import { answerSlotOf, giveAnswerSlot } from './answer-slot';
import { checkLaneAssumptions } from './check-lane-assumptions';
import { DirectPromptGets } from './direct/direct-prompt-gets';
import { DirectResourceReads } from './direct/direct-resource-reads';
import { DirectToolCalls } from './direct/direct-tool-calls';
import { InputRequiredSeam } from './direct/input-required-seam';
import { directServing } from './direct/run-direct-request';

/** What the lane needs of the endpoint a Node face serves (an app or a low-level server). */
export interface LaneEndpoint {
  fetch(request: Request, options?: FaceRequestOptions): Promise<Response>;
  readonly serverFactory: SdkServerFactory;
  readonly logger: Logger;
}

/** A request the lane serves: the face's light view of it, its body, and a real `Request` when one is needed. */
export interface LaneRequest {
  /** The node request seen as the web `Request` the endpoint and the SDK read (its body already read). */
  request: Request;
  /** The body as text. */
  text: string;
  /** A real `Request` with the same bytes, for a body the SDK must read itself. */
  clone(): Request;
  authInfo?: AuthInfo;
  /** Gives back the body's bytes to the endpoint's budget before the endpoint reads them again. */
  release(): void;
}

/**
 * A plain answer the lane left as JSON text: the face writes it as the SDK writes a plain result (200,
 * `application/json`, the text whole); anything else is a web `Response` to write as it is.
 */
export type LaneAnswer = { json: string } | Response;

/** The revisions the lane serves; a request naming any other goes the SDK's way. */
const LANE_REVISIONS = new Set(['2026-07-28']);

/**
 * listen's fast HTTP lane: the one place that relies on the SDK beyond its public API. A stateless
 * 2026-07-28 JSON POST is parsed once and served through the endpoint's `fetch` (so every check of the
 * endpoint and the SDK's own message schemas and dispatch still apply) with three savings: the request is a
 * light view of the node request, not an undici `Request`; a plain result is taken from the exchange as a
 * message, not as a web `Response` (answer-slot.ts, lane-exchange.ts); and a `tools/call` of a tool
 * without interceptors or filters (a plain call or any leg of a flow), or a `prompts/get` or
 * `resources/read` (any leg) of a handler without interceptors or filters, runs without the SDK's per-request
 * server (direct/). Every answer is
 * the SDK path's, byte for byte (two-paths-divergences.test.ts, direct-tool-calls.test.ts).
 *
 * `open` checks at start-up every SDK member and schema the lane relies on (check-lane-assumptions.ts);
 * if one changed, the lane stays off with one warning, and every request takes the SDK's node adapter.
 */
export class FastLane {
  private readonly handler: McpHttpHandler;
  private readonly direct?: DirectToolCalls;
  private readonly prompts?: DirectPromptGets;
  private readonly resources?: DirectResourceReads;

  private constructor(
    private readonly endpoint: LaneEndpoint,
    runtime: ServerRuntime | undefined,
  ) {
    const { serverFactory, logger } = endpoint;
    // the lane's own SDK handler over the endpoint's factory: its per-request servers answer into the slot
    // (lane-exchange.ts and the two modules under it required by the first request it serves: a server whose
    // first request is a direct tools/call does not load them before answering it)
    this.handler = createMcpHandler(
      ({ era, requestInfo }) =>
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        (require('./lane-exchange') as typeof import('./lane-exchange')).asLaneExchange(
          serverFactory(era),
          answerSlotOf(requestInfo),
        ),
      {
        onerror: (error) => logger.debug('transport error', { error }),
      },
    );
    if (runtime) {
      // one server of the app's own factory lends the SDK's multi-round-trip seam to every direct request
      const seam = new InputRequiredSeam(serverFactory('modern'));
      this.direct = new DirectToolCalls(runtime, seam);
      const serving = directServing(runtime, seam);
      this.prompts = new DirectPromptGets(serving);
      this.resources = new DirectResourceReads(serving);
    }
  }

  /**
   * The lane for `endpoint`, or undefined (one warning logged) when the installed SDK is not the one it was written
   * against. With a decorated app's `runtime`, its direct paths too.
   */
  static open(endpoint: LaneEndpoint, runtime?: ServerRuntime): FastLane | undefined {
    if (acceleratorOff('lane')) {
      endpoint.logger.info(
        `HTTP fast lane off: ${ACCELERATORS_ENV}=${process.env[ACCELERATORS_ENV]}; every request takes the SDK path`,
      );
      return undefined;
    }
    const changed = checkLaneAssumptions();
    if (changed.length === 0) return new FastLane(endpoint, runtime);
    endpoint.logger.warn(
      'HTTP fast lane off: the installed SDK changed what it relies on; every request takes the SDK path',
      { changed },
    );
    return undefined;
  }

  /** Whether the lane serves `req` (see `laneTakes`). */
  takes(req: IncomingMessage): boolean {
    return laneTakes(req);
  }

  /**
   * Serves one request `takes` accepted. A body that does not parse as one JSON object goes to the endpoint
   * as a real `Request` with the same bytes, so the SDK answers it as it always does.
   */
  async serve(lane: LaneRequest): Promise<LaneAnswer> {
    const { request, text, authInfo } = lane;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const parsed = typeof body === 'object' && body !== null && !Array.isArray(body);
    if (!parsed) {
      lane.release(); // the endpoint reads (and counts) the bytes again
      return this.fetchOr500(() => this.endpoint.fetch(lane.clone(), { authInfo }), undefined);
    }
    const slot = giveAnswerSlot(request);
    let response: Response;
    try {
      response = await this.endpoint.fetch(request, { parsedBody: body, authInfo, [SERVE_CHECKED]: this.serveChecked });
    } catch {
      response = internalError(body); // what the SDK's node adapter answers when fetch throws
    }
    const json = slot.textOf(response);
    return json === undefined ? response : { json };
  }

  /** Stops the lane's SDK handler (every exchange still open). */
  close(): Promise<void> {
    return this.handler.close();
  }

  /**
   * What the endpoint hands back once its checks passed: a direct call, or the lane's SDK handler. A
   * `subscriptions/listen` stream, a notification or a response stays the endpoint's own (its event bus).
   */
  private readonly serveChecked = (
    request: Request,
    body: unknown,
    authInfo: AuthInfo | undefined,
  ): Promise<Response> | undefined => {
    const { method, id } = body as { method?: unknown; id?: unknown };
    if (typeof method !== 'string' || id === undefined || method === 'subscriptions/listen') return undefined;
    const slot = answerSlotOf(request);
    if (!slot) return undefined;
    const direct =
      method === 'tools/call'
        ? this.direct?.serve(request, body, slot, authInfo)
        : method === 'prompts/get'
          ? this.prompts?.serve(request, body, slot, authInfo)
          : method === 'resources/read'
            ? this.resources?.serve(request, body, slot, authInfo)
            : undefined;
    return direct ?? this.handler.fetch(request, { parsedBody: body, ...(authInfo !== undefined && { authInfo }) });
  };

  private async fetchOr500(fetch: () => Promise<Response>, body: unknown): Promise<Response> {
    try {
      return await fetch();
    } catch {
      return internalError(body); // what the SDK's node adapter answers when fetch throws
    }
  }
}

/**
 * Whether the lane serves `req`, from the headers alone (before the body is read): a stateless 2026-07-28
 * POST with a JSON body. Everything else (GET, DELETE, sessions, the 2025 era, a missing or other version
 * header) is left to the SDK's node adapter.
 */
export function laneTakes(req: IncomingMessage): boolean {
  if (req.method !== 'POST') return false;
  const version = req.headers['mcp-protocol-version'];
  if (typeof version !== 'string' || !LANE_REVISIONS.has(version.trim())) return false;
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
