import type { PipelineStageDescription } from '../pipeline/describe-pipeline';
import type { TaskSupport } from '../metadata/definitions/handler.metadata';

/**
 * What an application declares, as `describeApp` reports it (the shape `tessera inspect --json` prints). Plain
 * JSON data; computed parts (a message or `when` given as a function) are said to be computed, not run.
 */
export interface AppSurface {
  name: string;
  version: string;
  title?: string;
  tools: ToolSurface[];
  prompts: PromptSurface[];
  resources: HandlerSurface[];
  templates: HandlerSurface[];
  /** Whether the module serves skills (the SDK's skills extension). */
  skills: boolean;
  /** The extensions served: Tasks when some tool runs as a task, Skills, MCP Apps, then the module's own. */
  extensions: string[];
  security: SecuritySummary;
}

/** A prompt, resource or template: its name (a resource's URI, a template's URI template) and its pipeline. */
export interface HandlerSurface {
  name: string;
  /** `Class.method` that answers it. */
  method: string;
  description?: string;
  /** The merged chain, stage by stage, outermost first (as `TesseraApp.describePipeline` gives it). */
  pipeline: PipelineStageDescription[];
}

/** A prompt, with its arguments as `prompts/list` sends them. */
export interface PromptSurface extends HandlerSurface {
  arguments: readonly PromptArgumentSurface[];
}

export interface PromptArgumentSurface {
  name: string;
  description?: string;
  required?: boolean;
}

export interface ToolSurface extends HandlerSurface {
  /** The input schema as `tools/list` sends it. */
  inputSchema: unknown;
  /** `forbidden` when the tool always runs inline. */
  taskSupport: TaskSupport | 'forbidden';
  /** Dependency parameters (`@Elicit`, `@Elicit.url`, `@Sample`, `@ListRoots`), in declaration order. */
  questions: QuestionSurface[];
  /** OAuth scopes a caller needs. */
  scopes: readonly string[];
}

export interface QuestionSurface {
  key: string;
  decorator: '@Elicit' | '@Elicit.url' | '@Sample' | '@ListRoots';
  /** The message when given literally; `null` when computed per call (or the kind has none). */
  message: string | null;
  /** The keys it waits for. */
  after: readonly string[];
  /** Whether a `when` condition decides if it is asked. */
  conditional: boolean;
  /** `value`: the answer is injected; `outcome`: the whole `Elicitation` (accept, decline or cancel). */
  inject: 'value' | 'outcome';
  /** A form's restricted schema when fixed at startup. */
  requestedSchema?: unknown;
}

/** The request-state policy, without key material. */
export interface SecuritySummary {
  /** `ephemeral`: a random key per process (states do not survive a restart); `configured`: keys or a codec given. */
  keySource: 'ephemeral' | 'configured';
  ttlSeconds: number;
  audience: string | null;
  singleUse: boolean;
  recordsIdempotentLegs: boolean;
  bindsPrincipal: boolean;
}
