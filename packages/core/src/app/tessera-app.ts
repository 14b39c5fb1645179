import type { ServerNotifier } from '@modelcontextprotocol/server';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { HandlerMethod } from '../contracts/handler-ref';
import type { Logger } from '../logging/logger';
import { describePipeline, type PipelineStageDescription } from '../pipeline/describe-pipeline';
import { createSdkServer } from '../server/create-sdk-server';
import type { ServerRuntime } from '../server/server-runtime';
import { declaredScopes, neededScopes } from '../auth/handler-scopes';
import { loadFeature } from '../loading/load-feature';
import type { HttpAuthOptions } from '../auth/http-auth-options';
import type { LegacySessionOptions } from '../endpoint/legacy-sessions';
import { addEndpointFeatures, McpEndpoint, type EndpointRequestOptions } from '../endpoint/mcp-endpoint';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import type { ModuleUnit } from '../compiler/flatten-modules';
import type { Class } from '../types/class';
import { SurfaceChanges, type HandlerSwitch } from './surface-changes';
import { CallerChangeStreams } from '../server/caller-change-streams';

/**
 * What the Node faces and the fast lane read of an app: its endpoint, and its compiled runtime when the app was
 * made by this copy of core (internal).
 */
export interface AppInternals {
  endpoint: McpEndpoint;
  runtime?: ServerRuntime;
}

/**
 * Where an app keeps its endpoint, registered (Symbol.for) so that the faces of another loaded copy of core of
 * the same format serve it too, as they did when the app was an endpoint itself. Not on the app's type.
 */
const APP_ENDPOINT = Symbol.for('tessera.core.appEndpoint');

let build: (
  runtime: ServerRuntime,
  units: readonly ModuleUnit[],
  auth?: HttpAuthOptions,
  legacySessions?: boolean | LegacySessionOptions,
  limits?: ResolvedRequestLimits,
) => TesseraApp;
let runtimeOf: (app: object) => ServerRuntime | undefined;

/**
 * A compiled, ready-to-serve application (made by `createApp`). The same compiled tables serve every transport:
 * `fetch` (web-standard, also the in-memory face for tests) here; `listen`, `nodeHandler` and `serveStdio` from
 * `@tessera/core/node`. It is composed over the runtime-neutral endpoint (`McpEndpoint` of the advanced tier)
 * rather than extending it, so its surface is this class's members and nothing of the tier below.
 */
export class TesseraApp {
  readonly #endpoint: McpEndpoint;
  readonly #runtime: ServerRuntime;
  readonly #changes: SurfaceChanges;

  /**
   * Serves one HTTP request (Streamable HTTP, both eras): Host/Origin when `allowedHosts` is given, then the
   * bearer token when auth is configured, then the body's size and shape, then the SDK.
   */
  readonly fetch: (request: Request, options?: EndpointRequestOptions) => Promise<Response>;

  /** The server-side log (the module's `logger`, or the console one). */
  readonly logger: Logger;

  private constructor(
    runtime: ServerRuntime,
    units: readonly ModuleUnit[],
    auth?: HttpAuthOptions,
    legacySessions?: boolean | LegacySessionOptions,
    limits?: ResolvedRequestLimits,
  ) {
    const httpAuth = auth && new (loadFeature('auth').HttpAuth)(auth, runtime.logger, declaredScopes(runtime.compiled));
    const endpoint = new McpEndpoint(
      (era) => createSdkServer(runtime, era),
      runtime.logger,
      undefined,
      legacySessions,
      limits,
      runtime.events,
    );
    addEndpointFeatures(endpoint, {
      httpAuth,
      paramHeaders: runtime.compiled.paramHeaders,
      // also when a host verified the token itself and passes `authInfo` in: scopes hold whoever checked it
      challengeScopes: (body, authInfo) => {
        // hidden by scopes (the default), a handler the token lacks scopes for answers as an unknown one
        if (authInfo === undefined || runtime.visibility.scopes === 'hide') return undefined;
        for (const { scopes, what } of neededScopes(runtime.compiled, body)) {
          const challenge = loadFeature('auth').scopeChallenge(authInfo, scopes, what, httpAuth);
          if (challenge) return challenge;
        }
        return undefined;
      },
      taskListen: runtime.tasks && new (loadFeature('tasks').TaskListenStreams)(runtime.tasks),
      changeListen: runtime.events && new CallerChangeStreams(runtime),
      resourceReadable: async (uri, authInfo) =>
        !runtime.visibility.variesByCaller || (await runtime.visibility.findResource(uri, authInfo)) !== undefined,
      telemetry: runtime.pipeline.telemetry,
    });
    this.#endpoint = endpoint;
    this.#runtime = runtime;
    this.#changes = new SurfaceChanges(units, runtime, () => endpoint.notify, runtime.info.name);
    Object.defineProperty(this, APP_ENDPOINT, { value: endpoint });
    this.fetch = endpoint.fetch;
    this.logger = runtime.logger;
  }

  static {
    build = (runtime, units, auth, legacySessions, limits) =>
      new TesseraApp(runtime, units, auth, legacySessions, limits);
    runtimeOf = (app) => (#runtime in app ? app.#runtime : undefined);
  }

  get name(): string {
    return this.#runtime.info.name;
  }

  /**
   * Switches tools off and on while serving, by name: a disabled tool is hidden from every caller (left out
   * of lists, a call answered as for an unknown tool), and each change raises `tools/list_changed` through
   * the app's `events` bus.
   */
  get tools(): HandlerSwitch {
    return this.#changes.tools;
  }

  /** Switches prompts off and on while serving, by name (as `tools`). */
  get prompts(): HandlerSwitch {
    return this.#changes.prompts;
  }

  /** Switches resources and resource templates off and on while serving, by URI or URI template (as `tools`). */
  get resources(): HandlerSwitch {
    return this.#changes.resources;
  }

  /**
   * Serves a provider's handlers from now on, checked as createApp checks them (a duplicate name or a bad
   * signature is refused, and the app stays as it was), raising list_changed for what it adds.
   */
  addProvider(provider: Class): void {
    this.#changes.addProvider(provider);
  }

  /**
   * Stops serving a provider's handlers, raising list_changed for what it removes. A flow of one of them still
   * in progress gets, on its next leg, the answer to a call of an unknown handler.
   */
  removeProvider(provider: Class): void {
    this.#changes.removeProvider(provider);
  }

  /**
   * Serves `next` in place of `current` (in `current`'s module) as one checked change, raising list_changed
   * once for each kind whose list differs: how a surface known only at run time (a mounted remote's) follows
   * its source. A refused change leaves the app as it was.
   */
  replaceProvider(current: Class, next: Class): void {
    this.#changes.replaceProvider(current, next);
  }

  /**
   * Raises change notifications (`toolsChanged()`, `promptsChanged()`, `resourcesChanged()`,
   * `resourceUpdated(uri)`) to every open `subscriptions/listen` stream that asked for them, through the
   * app's `events` bus (every instance sharing it). Needs `events` in the module for clients to be offered them.
   */
  get notify(): ServerNotifier {
    return this.#endpoint.notify;
  }

  /**
   * The effective call pipeline, stage by stage (for logs, docs and tests). Without arguments: the
   * application-wide chain; with a method and a name (tool or prompt name, resource URI or URI template):
   * that handler's merged chain, its parameters and the method it invokes.
   */
  describePipeline(method?: HandlerMethod, name?: string): PipelineStageDescription[] {
    const { compiled, pipeline } = this.#runtime;
    if (method === undefined) return describePipeline({ enhancers: compiled.appEnhancers, tools: pipeline });
    const plan =
      method === 'tools/call'
        ? compiled.tools.get(name!)
        : method === 'prompts/get'
          ? compiled.prompts.get(name!)
          : (compiled.resources.get(name!) ??
            compiled.templates.find((t) => t.plan.meta.kind === 'resource-template' && t.plan.meta.uriTemplate === name)
              ?.plan);
    if (!plan)
      throw new InvalidConfigurationError(
        `describePipeline: no ${method} handler named "${String(name)}" in "${this.name}".`,
      );
    return describePipeline({ enhancers: plan.enhancers, plan, tools: pipeline });
  }

  /**
   * Stops serving (every listener, handler and stdio connection opened on it), then disposes the root
   * container. Running task steps are given their queue's drain at once, while the listeners drain, so they
   * finish rather than start over.
   */
  async close(): Promise<void> {
    const draining = this.#runtime.tasks?.drain();
    try {
      await this.#endpoint.close();
    } finally {
      await draining?.catch(() => undefined);
    }
    await this.#runtime.tasks?.close();
    await this.#runtime.root.dispose();
  }
}

/** The app over `runtime` (createApp's last step). */
export function createTesseraApp(
  runtime: ServerRuntime,
  units: readonly ModuleUnit[],
  auth?: HttpAuthOptions,
  legacySessions?: boolean | LegacySessionOptions,
  limits?: ResolvedRequestLimits,
): TesseraApp {
  return build(runtime, units, auth, legacySessions, limits);
}

/** The app's endpoint and runtime, for the faces and the fast lane (not exported by any entry). */
export function appInternals(app: TesseraApp): Required<AppInternals> {
  const internals = appInternalsOf(app);
  if (!internals?.runtime) throw new TypeError('appInternals: not an app made by this copy of @tessera/core');
  return internals as Required<AppInternals>;
}

/** `appInternals` of a decorated app of any loaded copy of core; undefined for anything else (an endpoint). */
export function appInternalsOf(value: object): AppInternals | undefined {
  const endpoint = (value as { [APP_ENDPOINT]?: McpEndpoint })[APP_ENDPOINT];
  return endpoint && { endpoint, runtime: runtimeOf(value) };
}
