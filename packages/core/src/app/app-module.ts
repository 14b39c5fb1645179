import type { CacheHint, Icon, ServerEventBus } from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import type { RequestStateSecurity } from '@tessera/request-state/framework';
import type { Logger } from '../logging/logger';
import type { TelemetryOptions } from '../telemetry/telemetry-options';
import type { ExecutionContext } from '../contracts/execution-context';
import type { Class } from '../types/class';
import type { RequestLimits } from '../limits/request-limits';
import type { FeatureModule } from './feature-module';
import type { TasksOptions } from '../tasks/tasks-options';
import type { VisibilityOptions } from './visibility-options';
import type { ServerExtension } from '../contracts/server-extension';

/**
 * Everything a Tessera application is made of: the root module (providers, services, `imports`; its
 * enhancers are application-wide, outside every module, class and method one) and the server's settings.
 */
export interface AppModule extends FeatureModule {
  /** Server name, sent to clients and used as the default `requestState` audience. */
  name: string;
  version: string;
  title?: string;
  /** What the server does, for people choosing it (in `serverInfo`: initialize, server/discover, every result). */
  description?: string;
  /** The server's home page (an http or https URL), in `serverInfo`. */
  websiteUrl?: string;
  /** Icons clients show for the server (`{ src, mimeType?, sizes?, theme? }`; src an https, http or data: URL). */
  icons?: Icon[];
  /** How to use the server, for the model: sent in initialize and server/discover. */
  instructions?: string;
  /** Classes whose decorated methods are the tools, prompts and resources. */
  providers: Class[];
  /**
   * `requestState` protection. Omitted: a random process-local key (fine for stdio and one HTTP worker).
   * Several workers, a load balancer or restarts need shared keys: `new RequestStateSecurity({ keys })`.
   */
  security?: RequestStateSecurity<ExecutionContext>;
  /** Page size of the list endpoints (`tools/list`, ...); default 100. */
  pageSize?: number;
  /** Cache hints for the cacheable 2026-07-28 results. */
  cacheHints?: Partial<
    Record<
      | 'tools/list'
      | 'prompts/list'
      | 'resources/list'
      | 'resources/templates/list'
      | 'resources/read'
      | 'server/discover',
      CacheHint
    >
  >;
  /**
   * On 2025-era connections, fulfil a handler's own `InputRequiredResult` with push requests
   * (the SDK's legacy shim). Off by default: such a return answers `-32603` there.
   * Dependency parameters (`@Elicit`, ...) use push requests on 2025 connections regardless.
   */
  legacyInputRequiredBridge?: boolean;
  /**
   * Change notifications (`app.notify.toolsChanged()`, `.resourceUpdated(uri)`, ...) for clients that hold a
   * `subscriptions/listen` stream. Setting it declares `listChanged` (and resource `subscribe`) for the kinds
   * this app serves. An `InMemoryServerEventBus` serves one process; a fleet passes a shared bus
   * (`@tessera/redis`'s `RedisEventBus`), so an event raised on one instance reaches the streams on all.
   */
  events?: ServerEventBus;
  /**
   * Agent skills (the Skills extension, SEP-2640) served next to the application's own capabilities:
   * `skills/list`, `skills/get`, each skill's files as `skill://` resources with digests and sizes, and the
   * directory read. Built with the SDK's catalog; load a folder with `loadSkillFolder` from
   * `@tessera/core/node` (a bad skill is refused there, with the catalog's message) or files kept in memory
   * with `loadSkillFiles`.
   */
  skills?: SkillsExtension;
  /**
   * OpenTelemetry traces and metrics: a span per round (all rounds of a flow linked by an id sealed in
   * `requestState`), round and refused-state counters. `true` uses the global providers; pass providers to
   * choose. Off by default.
   */
  telemetry?: boolean | TelemetryOptions;
  /**
   * Task tools (`@Tool({ task })`, the Tasks extension): where tasks live, how their steps run, their TTL and
   * the polling interval suggested to clients. Defaults: in memory, 1 hour, 1 s. A fleet passes a shared store
   * and queue. Used only when some tool declares `task`.
   */
  tasks?: TasksOptions;
  /**
   * Protocol extensions served next to the application's capabilities (`ServerExtension`): each advertised
   * under `capabilities.extensions[id]`, with the methods and list-entry additions it brings. Tessera's own
   * (Tasks, MCP Apps) come with the decorators that use them and are not listed here.
   */
  extensions?: ServerExtension[];
  /** Bounds on one request (body bytes; argument keys, array items and depth); see RequestLimits for the defaults. */
  limits?: RequestLimits;
  logger?: Logger;
  /**
   * What each caller sees: by default a handler whose `scopes` the caller's verified token lacks is left out
   * of that caller's lists and answered as an unknown one; `{ scopes: 'challenge' }` lists it to everyone and
   * answers 403 `insufficient_scope` instead (step-up). A handler's own `visible(ctx)` hides it too.
   */
  visibility?: VisibilityOptions;
  /** Extra keys whose values the default logger redacts (a custom `logger` does its own redaction). */
  sensitiveFields?: string[];
}
