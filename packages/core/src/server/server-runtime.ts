import type { Implementation, ServerEventBus } from '@modelcontextprotocol/server';
import type { CallRuntime } from '../call-adapter/call-runtime';
import type { CompiledApp } from '../compiler/compiled-app';
import type { TaskRuntime } from '../tasks/task-runtime';
import type { SecuritySummary } from '../app/app-surface';
import type { CallerVisibility } from './caller-visibility';
import type { ActiveExtension } from '../extensions/active-extension';
import type { SkillsServerExtension } from '../skills/skills-server-extension';

/**
 * Everything built once per application that each request's SDK server closes over: what a call needs
 * (`CallRuntime`: containers, pipeline tools, logger) and what the server serves and declares.
 */
export interface ServerRuntime extends CallRuntime {
  /** The server's identity as `serverInfo` carries it (name, version, title, description, websiteUrl, icons). */
  info: Implementation;
  instructions?: string;
  compiled: CompiledApp;
  /** What each caller sees of `compiled` (every list and lookup goes through it). */
  visibility: CallerVisibility;
  pageSize: number;
  legacyInputRequiredBridge: boolean;
  /** Set: change notifications are on (listChanged/subscribe declared), delivered through this bus. */
  events?: ServerEventBus;
  cacheHints?: Record<string, unknown>;
  /** Set when some tool runs as a task (`@Tool({ task })`): the Tasks extension is served. */
  tasks?: TaskRuntime;
  /** The extensions this app serves (Tessera's own first), with their advertised settings. */
  extensions: readonly ActiveExtension[];
  /**
   * The extensions checked and set up against a compiled app, its list entries decorated: run by `createApp`
   * and again by each provider added or removed while serving (throws, naming what is wrong, to refuse it).
   */
  activateExtensions(compiled: CompiledApp): readonly ActiveExtension[];
  /** The module's skills (SEP-2640): one of `extensions`, whose files the resource handlers serve. */
  skills?: SkillsServerExtension;
  /** The request-state policy's settings as `describeApp` reports them (never a key). */
  security: SecuritySummary;
}
