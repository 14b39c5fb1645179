import type {
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplateDefinition,
  Tool,
  UriTemplate,
} from '@modelcontextprotocol/server';
import type { EnhancerMetadata } from '../metadata/definitions/enhancer.metadata';
import type { ParamHeader } from '../http-headers/param-headers';
import type { HandlerPlan } from './handler-plan';
import type { Class } from '../types/class';

/** A `@Complete` method: the provider class it is called on, and its name. */
export interface CompleterPlan {
  providerClass: Class;
  methodName: string | symbol;
  /** `@Complete() on Class.method`, for messages and logs. */
  where: string;
}

export interface TemplatePlan {
  plan: HandlerPlan;
  template: UriTemplate;
}

/**
 * The application as served: lookup tables for calls and pre-rendered list entries, built once at
 * startup. Per-request work is a map lookup and a slice, whatever the number of handlers.
 */
export interface CompiledApp {
  tools: Map<string, HandlerPlan>;
  prompts: Map<string, HandlerPlan>;
  resources: Map<string, HandlerPlan>;
  templates: TemplatePlan[];
  toolList: Tool[];
  promptList: Prompt[];
  resourceList: Resource[];
  templateList: ResourceTemplateDefinition[];
  /** Completion values per argument: keyed `prompt:<name>` or `template:<uriTemplate>`. */
  completions: Map<string, Map<string, readonly string[]>>;
  /** Completion methods (`@Complete`) per argument, keyed as `completions`; they come before the closed sets. */
  completers: Map<string, Map<string, CompleterPlan>>;
  /** The module's own enhancers, outside every class and method one (for describing the pipeline). */
  appEnhancers: EnhancerMetadata;
  /** Advertised output schemas by tool name, for the SDK's result projection. */
  outputSchemas: Map<string, Readonly<Record<string, unknown>>>;
  /** Each tool's arguments mirrored into `Mcp-Param-*` HTTP headers (only tools that have any). */
  paramHeaders: Map<string, readonly ParamHeader[]>;
}
