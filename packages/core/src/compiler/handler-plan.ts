import type { HandlerMetadata } from '../metadata/definitions/handler.metadata';
import type { ParamMetadata } from '../metadata/definitions/param.metadata';
import type { EnhancerMetadata } from '../metadata/definitions/enhancer.metadata';
import type { HandlerRef } from '../contracts/handler-ref';
import type { Class } from '../types/class';
import type { DependencyPlan } from '../mrtr/dependency-plan';
import type { CompiledInputSchema, CompiledOutputSchema } from '../schema/raw-input-schema';

/** A parameter as the pipeline fills it: its record plus the declared type read once at compile time. */
export interface ParamPlan {
  meta: ParamMetadata;
  type: unknown;
}

/** Everything worked out once per handler at startup, so that a call does only per-call work. */
export interface HandlerPlan {
  ref: HandlerRef;
  meta: HandlerMetadata;
  /** `Class.method`, for messages and logs. */
  where: string;
  /** The module that provides it, when the application has several (errors and `describePipeline` name it). */
  module?: string;
  /** Parameters ordered by position; gaps are filled with `undefined`. */
  params: ParamPlan[];
  arity: number;
  argsType?: Class;
  /** A tool's hand-written input schema (`@Tool({ inputSchema })`), in place of `argsType`. */
  inputSchema?: CompiledInputSchema;
  outputType?: Class;
  /** A tool's hand-written output schema (`@Tool({ outputSchema })`), in place of `outputType`. */
  outputSchema?: CompiledOutputSchema;
  /** Application, then class, then method enhancers. */
  enhancers: EnhancerMetadata;
  /** Dependency parameters (`@Elicit`, `@Sample`, `@ListRoots`), compiled. */
  dependencies: DependencyPlan[];
  /** The handler may return `InputRequiredResult` itself. */
  directForm: boolean;
  /** OAuth scopes a caller needs: the class's, then the method's, each once. */
  scopes: readonly string[];
  /**
   * A tool whose listing does not say it is idempotent: a server that records legs records a first leg of it
   * (a call carrying no state) under its idempotency key, as running it twice could do its effect twice.
   */
  recordsFirstLeg: boolean;
}
