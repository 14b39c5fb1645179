import {
  createMcpHandler,
  type AuthInfo,
  type McpHandlerRequestOptions,
  type JSONRPCMessage,
  type ServerEventBus,
  type ServerNotifier,
  type Server,
} from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger';
import { refuseBeforeDispatch, type RefusalListener } from '../screening/refuse-before-dispatch';
import type { FlowTelemetry } from '../telemetry/flow-telemetry';
import { loadFeature } from '../loading/load-feature';
import type { ParamHeader } from '../http-headers/param-headers';
import type { FaceRequestOptions } from './face-request-options';
import type { HttpAuth } from '../auth/http-auth';
import type { HttpAuthOptions } from '../auth/http-auth-options';
import { checkOptions } from '../errors/definition/check-options';
import { DEFAULT_REQUEST_LIMITS, type ResolvedRequestLimits } from '../limits/request-limits';
import type { LegacySessionOptions, ResourceReadable } from './legacy-sessions';
import { BodyBudget } from '../limits/body-budget';
import type { TaskListenStreams } from '../tasks/task-listen';
import type { CallerChangeStreams } from '../server/caller-change-streams';
import type { AdmittingEndpoint } from './admission/admission-step';
import { ADMISSION_STEPS } from './admission/admission-steps';
import { composeAdmission, type ComposedAdmission } from './admission/compose-admission';
import { recordAdmission, recordedAdmission } from './admission/described-admissions';
import { recordEndpointEvents } from './endpoint-events';

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
  /** `subscriptions/listen` change streams filtered by what each caller sees, when the app has an event bus. */
  changeListen?: CallerChangeStreams;
  /** Whether a caller may read a resource: a 2025 session hears updates of those it may only. */
  resourceReadable?: ResourceReadable;
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
 * The names of the admission steps an endpoint's `fetch` runs, in order (those idle for it left out); for an
 * endpoint of another loaded copy of core, every step. Internal: `describeAdmission` is the public reader.
 */
export function endpointAdmission(endpoint: object): readonly string[] {
  return recordedAdmission(endpoint) ?? ADMISSION_STEPS.map((step) => step.name);
}

/**
 * The runtime-neutral face of every Tessera server, over one per-request SDK server factory: `fetch`
 * (web-standard; also the in-memory face for tests). The Node faces, `listen` and `serveStdio`, live in
 * `@tessera/core/node` and register what they open here, so `close()` stops them too.
 * Bearer auth and the refusal of malformed retry params happen here, before the SDK.
 */
export class McpEndpoint {
  /**
   * What the admission steps read: the SDK handler, the limits, and the features the endpoint is composed of
   * (auth, sessions, and what a server built on it adds through `addEndpointFeatures`).
   */
  private parts!: AdmittingEndpoint;
  /** The admission steps this endpoint runs (endpoint/admission/), chained once its features are known. */
  private admission!: ComposedAdmission;
  private readonly closers = new Set<() => Promise<void>>();

  /** Hears what is refused before dispatch, to count it with the pipeline's refusals (`countRefusals`). */
  private refusals?: RefusalListener;

  /** The bytes of bodies held at once, over every face of this endpoint (`limits.maxBodyBytesInFlight`). */
  readonly bodies: BodyBudget;

  static {
    addFeatures = (endpoint, features) => {
      const { paramHeaders, challengeScopes, taskListen, changeListen, resourceReadable, telemetry, httpAuth } =
        features;
      endpoint.compose({
        ...endpoint.parts,
        ...(httpAuth && { httpAuth }),
        ...(paramHeaders && { paramHeaders }),
        ...(challengeScopes && { challengeScopes }),
        ...(taskListen && { taskListen }),
        ...(changeListen && { changeListen }),
      });
      if (telemetry) endpoint.countRefusals(telemetry);
      if (resourceReadable) endpoint.parts.sessions?.readableBy(resourceReadable);
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
    const handler = createMcpHandler(({ era }) => serverFactory(era), {
      onerror: (error) => logger.debug('transport error', { error }),
      legacy: legacySessions ? 'reject' : 'stateless',
      ...(events !== undefined && { bus: events }),
    });
    this.bodies = new BodyBudget(limits.maxBodyBytesInFlight);
    this.compose({
      handler,
      logger,
      limits,
      bodies: this.bodies,
      verified: new WeakSet<AuthInfo>(),
      screen: (message) => this.screen(message),
      // required here: only an app that serves legacy sessions loads them
      ...(legacySessions && {
        sessions: new (loadFeature('legacySessions').LegacySessions)(
          () => serverFactory('legacy'),
          logger,
          legacySessions === true ? {} : legacySessions,
          handler.bus, // the bus `notify` publishes on: resource updates reach subscribed sessions too
        ),
      }),
      ...(auth && { httpAuth: new (loadFeature('auth').HttpAuth)(auth, logger) }),
    });
    recordAdmission(this, () => this.admission.steps.map((step) => step.name));
    recordEndpointEvents(this, handler.bus);
  }

  /** Takes `parts` as the endpoint's own and chains the admission steps they need. */
  private compose(parts: AdmittingEndpoint): void {
    this.parts = parts;
    this.admission = composeAdmission(ADMISSION_STEPS, parts);
  }

  /**
   * Authenticates `request` from its headers alone, for a face that checks the token before it reads a
   * byte of the body: the refusal to send (401, 403), or what was verified (nothing without auth). Given
   * back to `fetch` as `authInfo`, it is not verified again.
   */
  async admit(request: Request): Promise<Response | { authInfo?: AuthInfo }> {
    const { httpAuth, verified } = this.parts;
    if (!httpAuth || this.servesPath(new URL(request.url).pathname)) return {}; // the metadata is public
    const outcome = await httpAuth.authenticate(request);
    if (outcome instanceof Response) return outcome;
    verified.add(outcome);
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
    return this.parts.handler.notify;
  }

  /**
   * Serves one HTTP request (Streamable HTTP, both eras), through the admission steps in their one order
   * (`ADMISSION_STEPS`; `describeAdmission` lists those this endpoint runs).
   */
  fetch = async (request: Request, options?: EndpointRequestOptions): Promise<Response> => {
    // a misspelt `allowedHosts` would leave the Host check off: refused (the promise rejects) instead
    if (options !== undefined) checkOptions(options, ENDPOINT_REQUEST_OPTIONS, 'fetch options');
    return this.admission.run({
      endpoint: this.parts,
      request,
      options: options as (EndpointRequestOptions & FaceRequestOptions) | undefined,
      authInfo: options?.authInfo,
      parsed: false,
    });
  };

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
    return this.parts.httpAuth?.metadata?.serves(pathname) ?? false;
  }

  /** Stops every listener and stdio connection this endpoint opened. */
  async close(): Promise<void> {
    this.parts.taskListen?.closeAll();
    this.parts.changeListen?.closeAll();
    await Promise.all([...this.closers].map((c) => c()));
    await this.parts.sessions?.close();
    await this.parts.handler.close();
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
