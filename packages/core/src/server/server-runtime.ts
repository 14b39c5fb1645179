import type { ServerEventBus } from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import type { DependencyContainer, InjectionToken } from 'tsyringe';
import type { CompiledApp } from '../compiler/compiled-app';
import type { Logger } from '../logging/logger';
import type { PipelineTools } from '../pipeline/call-stage';
import type { TaskRuntime } from '../tasks/task-runtime';

/** Everything built once per application that each request's SDK server closes over. */
export interface ServerRuntime {
  info: { name: string; version: string; title?: string };
  instructions?: string;
  compiled: CompiledApp;
  root: DependencyContainer;
  /** The root's singletons built at startup, by token (see `di/root-container.ts`). */
  singletons: ReadonlyMap<InjectionToken, unknown>;
  /** What the call pipeline's stages share: the request-state interceptor, parameter resolvers, the dependency resolver. */
  pipeline: PipelineTools;
  logger: Logger;
  pageSize: number;
  legacyInputRequiredBridge: boolean;
  /** Set: change notifications are on (listChanged/subscribe declared), delivered through this bus. */
  events?: ServerEventBus;
  cacheHints?: Record<string, unknown>;
  /** Set when some tool runs as a task (`@Tool({ task })`): the Tasks extension is served. */
  tasks?: TaskRuntime;
  /** The SDK's skills extension (SEP-2640), attached to every request's server. */
  skills?: SkillsExtension;
}

/** What running one call through the pipeline needs of a server: the decorated app's runtime, or a low-level server's. */
export type CallRuntime = Pick<ServerRuntime, 'root' | 'singletons' | 'logger' | 'pipeline'>;
