import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  originValidationResponse,
  type AuthInfo,
  type McpHandlerRequestOptions,
  type McpHttpHandler,
  type JSONRPCMessage,
  type ServerEventBus,
  type ServerNotifier,
  type Server,
} from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger';
import { refuseBeforeDispatch, type RefusalListener } from '../screening/refuse-before-dispatch';
import type { FlowTelemetry } from '../telemetry/flow-telemetry';
import { loadFeature } from '../loading/load-feature';
import { refuseLargeBody } from '../limits/refuse-large-body';
import type { ParamHeader } from '../http-headers/param-headers';
import { refuseParamHeaders } from '../http-headers/refuse-param-headers';
import { REFUSED_BEFORE_PARSE, SERVE_CHECKED, type FaceRequestOptions } from './face-request-options';
import type { HttpAuth } from '../auth/http-auth';
import type { HttpAuthOptions } from '../auth/http-auth-options';
import { checkOptions } from '../errors/definition/check-options';
import { payloadTooLarge, readLimitedBytes, utf8Text } from '../limits/read-limited-body';
import { DEFAULT_REQUEST_LIMITS, type ResolvedRequestLimits } from '../limits/request-limits';
import type { LegacySessions, LegacySessionOptions } from './legacy-sessions';
import { BodyBudget, bodiesBusy } from '../limits/body-budget';
import type { TaskListenStreams } from '../tasks/task-listen';

/** What the endpoint's `fetch` takes: the SDK's own request options (a Node face adds face-request-options.ts). */
export interface EndpointRequestOptions extends McpHandlerRequestOptions {
  /**
   * DNS rebinding protection for a fetch-native host (Bun, Deno, Workers): the hostnames accepted in `Host`
   * and `Origin` (no ports; IPv6 in brackets), checked before anything else (403). Omitted: none, as the
   * SDK's handler (the Node faces check their own; `listen` on a loopback address always does).
   */
  allowedHosts?: string[];
}

const ENDPOINT_REQUEST_OPTIONS = { allowedHosts: true, authInfo: true, parsedBody: true } as const satisfies Record<
  keyof EndpointRequestOptions,
  true
>;

/** Builds the SDK server for one serving unit (an HTTP request, or a stdio connection) of the given era. */
export type SdkServerFactory = (era: 'modern' | 'legacy') => Server;

/** What a server built on the endpoint adds to its checks (the decorated app; the low-level server its telemetry). */
export interface EndpointFeatures {
  /** Tool arguments mirrored into `Mcp-Param-*` headers, checked against the body before either path serves a call. */
  paramHeaders?: ReadonlyMap<string, readonly ParamHeader[]>;
  /** The 403 for a call whose handler needs scopes the verified token lacks. */
  challengeScopes?: (body: unknown, authInfo: AuthInfo | undefined) => Response | undefined;
  /** `subscriptions/listen` streams for task status (`taskIds` filters), when the app serves tasks. */
  taskListen?: TaskListenStreams;
  /** Counts what is refused before dispatch with the pipeline's refusals. */
  telemetry?: FlowTelemetry;
  /** Bearer auth built by the app itself (it knows the scopes its handlers declare), in place of the constructor's. */
  httpAuth?: HttpAuth;
}

let addFeatures: (endpoint: McpEndpoint, features: EndpointFeatures) => void;

/**
 * Adds `features` to an endpoint just built. Internal (no entry exports it): the app and the low-level server
 * compose their endpoint this way rather than by subclass fields, so none of these types is on a public surface.
 */
export function addEndpointFeatures(endpoint: McpEndpoint, features: EndpointFeatures): void {
  addFeatures(endpoint, features);
}

/**
 * The runtime-neutral face of every Tessera server, over one per-request SDK server factory: `fetch`
 * (web-standard; also the in-memory face for tests). The Node faces, `listen` and `serveStdio`, live in
 * `@tessera/core/node` and register what they open here, so `close()` stops them too.
 * Bearer auth and the refusal of malformed retry params happen here, before the SDK.
 */
export class McpEndpoint {
  private readonly handler: McpHttpHandler;
  private authenticate?: (request: Request) => Promise<AuthInfo | Response>;
  /** Bearer auth as configured: the token check above, the metadata document, scope challenges. */
  private httpAuth?: HttpAuth;
  private readonly closers = new Set<() => Promise<void>>();

  /** Tool arguments mirrored into `Mcp-Param-*` headers, checked against the body before either path serves a call. */
  private paramHeaders?: ReadonlyMap<string, readonly ParamHeader[]>;
  /** The 403 for a call whose handler needs scopes the verified token lacks (set by the decorated app). */
  private challengeScopes?: (body: unknown, authInfo: AuthInfo | undefined) => Response | undefined;

  /** Hears what is refused before dispatch, to count it with the pipeline's refusals (`countRefusals`). */
  private refusals?: RefusalListener;

  /** `subscriptions/listen` streams for task status (`taskIds` filters), when the app serves tasks. */
  private taskListen?: TaskListenStreams;

  /** Sessionful 2025-era HTTP, when opted in; otherwise 2025 clients are served statelessly. */
  private readonly sessions?: LegacySessions;

  /** The bytes of bodies held at once, over every face of this endpoint (`limits.maxBodyBytesInFlight`). */
  readonly bodies: BodyBudget;

  /** What `admit` verified: a face hands it back as `authInfo`, and `fetch` does not verify that token again. */
  private readonly verified = new WeakSet<AuthInfo>();

  static {
    addFeatures = (endpoint, { paramHeaders, challengeScopes, taskListen, telemetry, httpAuth }) => {
      if (httpAuth) {
        endpoint.httpAuth = httpAuth;
        endpoint.authenticate = httpAuth.authenticate;
      }
      if (paramHeaders) endpoint.paramHeaders = paramHeaders;
      if (challengeScopes) endpoint.challengeScopes = challengeScopes;
      if (taskListen) endpoint.taskListen = taskListen;
      if (telemetry) endpoint.countRefusals(telemetry);
    };
  }

  constructor(
    /** Builds the SDK server of one serving unit; the Node faces use it for stdio connections. */
    readonly serverFactory: SdkServerFactory,
    /** The server-side log, shared with the faces. */
    readonly logger: Logger,
    auth?: HttpAuthOptions,
    legacySessions?: boolean | LegacySessionOptions,
    /** Bounds on one request, checked before the SDK; the Node faces use them too. */
    readonly limits: ResolvedRequestLimits = DEFAULT_REQUEST_LIMITS,
    /** The bus `subscriptions/listen` streams hear change events on; default one in this process. */
    events?: ServerEventBus,
  ) {
    this.handler = createMcpHandler(({ era }) => serverFactory(era), {
      onerror: (error) => logger.debug('transport error', { error }),
      legacy: legacySessions ? 'reject' : 'stateless',
      ...(events !== undefined && { bus: events }),
    });
    if (legacySessions)
      this.sessions = new (loadFeature('legacySessions').LegacySessions)(
        () => serverFactory('legacy'),
        logger,
        legacySessions === true ? {} : legacySessions,
        this.handler.bus, // the bus `notify` publishes on: resource updates reach subscribed sessions too
      );
    if (auth) this.httpAuth = new (loadFeature('auth').HttpAuth)(auth, logger);
    this.authenticate = this.httpAuth?.authenticate;
    this.bodies = new BodyBudget(limits.maxBodyBytesInFlight);
  }

  /**
   * Authenticates `request` from its headers alone, for a face that checks the token before it reads a
   * byte of the body: the refusal to send (401, 403), or what was verified (nothing without auth). Given
   * back to `fetch` as `authInfo`, it is not verified again.
   */
  async admit(request: Request): Promise<Response | { authInfo?: AuthInfo }> {
    if (!this.authenticate || this.servesPath(new URL(request.url).pathname)) return {}; // the metadata is public
    const outcome = await this.authenticate(request);
    if (outcome instanceof Response) return outcome;
    this.verified.add(outcome);
    return { authInfo: outcome };
  }

  /**
   * Raises change notifications (`toolsChanged()`, `promptsChanged()`, `resourcesChanged()`,
   * `resourceUpdated(uri)`) to every open `subscriptions/listen` stream that asked for them, through the
   * app's `events` bus (every instance sharing it). Needs `events` in the module for clients to be offered them.
   * With `legacySessions`, `resourceUpdated(uri)` also reaches every 2025 session subscribed to `uri`
   * (`resources/subscribe`), on whichever instance of the bus it lives.
   */
  get notify(): ServerNotifier {
    return this.handler.notify;
  }

  /** Serves one HTTP request (Streamable HTTP, both eras). With auth configured, verifies the bearer token first. */
  fetch = async (request: Request, options?: EndpointRequestOptions): Promise<Response> => {
    // a misspelt `allowedHosts` would leave the Host check off: refused (the promise rejects) instead
    if (options !== undefined) checkOptions(options, ENDPOINT_REQUEST_OPTIONS, 'fetch options');
    // the order of checks on every face: Host/Origin, authentication, the body's size and shape, the parse
    const hosts = options?.allowedHosts;
    const foreign = hosts && (hostHeaderValidationResponse(request, hosts) ?? originValidationResponse(request, hosts));
    if (foreign) return foreign;
    const metadata = this.httpAuth?.metadata?.respond(request); // public: asked before any token exists
    if (metadata) return metadata;
    // a refusal a Node face's pre-parse scan already made (refuseByScan): answered after auth, body not read again
    const refusedBeforeParse = (options as FaceRequestOptions | undefined)?.[REFUSED_BEFORE_PARSE];
    let authInfo = options?.authInfo;
    if (this.authenticate && !(authInfo && this.verified.has(authInfo))) {
      const outcome = await this.authenticate(request);
      if (outcome instanceof Response) return outcome;
      authInfo = outcome;
    }
    if (refusedBeforeParse) return this.refuseUnparsed(refusedBeforeParse);
    // The SDK quietly reads a non-object inputResponses as "no answers"; refuse it here. The body is read
    // and parsed once, here, and handed on as `parsedBody`, so the SDK does not clone and read it again
    // (that cost more than the whole Tessera pipeline). A body the SDK answers itself
    // (over its size limit, empty, not JSON) goes on unparsed, with the same text.
    if (request.method === 'POST' && options?.parsedBody === undefined) {
      // read as a stream with a running byte count: a chunked body is never buffered past the limit
      const max = this.limits.maxBodyBytes;
      if (Number(request.headers.get('content-length')) > max) return payloadTooLarge(max);
      const hold = this.bodies.open();
      try {
        const bytes = await readLimitedBytes(request, max, hold);
        if (bytes === 'too-large') return payloadTooLarge(max);
        if (bytes === 'busy') return bodiesBusy();
        const scanned = await refuseLargeBody(bytes, this.limits); // before decoding and JSON.parse: see refuse-by-scan
        if (scanned) return this.refuseUnparsed(scanned);
        const text = utf8Text(bytes);
        let body: unknown;
        try {
          body = text.length === 0 ? undefined : JSON.parse(text);
        } catch {
          body = undefined;
        }
        if (body === undefined)
          return await this.handler.fetch(new Request(request, { body: text }), { ...options, authInfo });
        return await this.serveParsed(request, body, { ...options, authInfo });
      } finally {
        hold.release();
      }
    }
    if (request.method === 'POST') {
      // the caller's options as they are when the identity is theirs (a copy with a key added is slow on V8)
      const given = options!;
      return this.serveParsed(request, given.parsedBody, given.authInfo === authInfo ? given : { ...given, authInfo });
    }
    if (this.sessions && (await isLegacyRequest(request))) return this.sessions.fetch(request, { authInfo });
    return this.handler.fetch(request, { ...options, authInfo });
  };

  /** Answers a body refused by the pre-parse scan, logged as the post-parse refusals are. */
  private refuseUnparsed(refusal: JSONRPCMessage): Response {
    this.logger.info('call refused before dispatch', {
      reason: (refusal as { error?: { message?: string } }).error?.message,
    });
    return Response.json(refusal);
  }

  /** A POST whose body is parsed (here, or by the Node face): malformed retry params refused, then the SDK. */
  private async serveParsed(request: Request, body: unknown, options: McpHandlerRequestOptions): Promise<Response> {
    const challenge = this.challengeScopes?.(body, options.authInfo);
    if (challenge) return challenge; // before the SDK: a call without its scopes never runs or asks anything
    const refusal = this.screen(body);
    if (refusal) return Response.json(refusal); // 200, like every other JSON-RPC error answer (one status for all refusals)
    const mismatch = this.paramHeaders && refuseParamHeaders(request, body, this.paramHeaders, this.logger);
    if (mismatch) return mismatch;
    if (this.sessions && (await isLegacyRequest(request, body)))
      return this.sessions.fetch(request, { authInfo: options.authInfo, parsedBody: body });
    const taskListen = this.taskListen?.serve(body, request, options.authInfo);
    if (taskListen) return await taskListen;
    // a face that serves some messages itself (listen's fast lane) gets them only now, past every check above
    const own = (options as FaceRequestOptions)[SERVE_CHECKED]?.(request, body, options.authInfo);
    return own ?? this.handler.fetch(request, { ...options, parsedBody: body });
  }

  /**
   * Every check made on a parsed message before the SDK sees it (`screening/refuse-before-dispatch.ts`): the
   * refusal to send in place of the SDK's answer, or nothing. Each face runs it, HTTP here and stdio in its
   * transport guard, so a refusal is logged and counted (telemetry) the same whichever face it came in by.
   */
  screen(message: unknown): JSONRPCMessage | undefined {
    return refuseBeforeDispatch(message, this.logger, this.limits, this.refusals);
  }

  /**
   * Counts what is refused before dispatch with the pipeline's refusals, in the server's telemetry: a
   * non-string state as a refused state, a call with malformed or oversized arguments or answers as a round
   * of `invalid_arguments`.
   */
  private countRefusals(telemetry: FlowTelemetry): void {
    this.refusals = {
      state: (refused) => loadFeature('telemetry').recordRefusedState(telemetry, refused),
      call: (refused) => loadFeature('telemetry').recordRefusedCall(telemetry, refused),
    };
  }

  /** Whether `fetch` answers a path besides the MCP endpoint's own: the Protected Resource Metadata document. */
  servesPath(pathname: string): boolean {
    return this.httpAuth?.metadata?.serves(pathname) ?? false;
  }

  /** Stops every listener and stdio connection this endpoint opened. */
  async close(): Promise<void> {
    this.taskListen?.closeAll();
    await Promise.all([...this.closers].map((c) => c()));
    await this.sessions?.close();
    await this.handler.close();
  }

  /** Registers something a face opened so `close()` stops it too; the returned function stops it once, alone. */
  track(stop: () => Promise<void>): () => Promise<void> {
    const close = async () => {
      this.closers.delete(close);
      await stop();
    };
    this.closers.add(close);
    return close;
  }
}
