import type { HandlerPlan } from '../compiler/handler-plan';
import type { CallHandler } from '../contracts/interceptor';
import type { PipelineContext } from '../contracts/pipeline-context';
import type { EnhancerMetadata } from '../metadata/definitions/enhancer.metadata';
import type { ParamResolverRegistry } from './params/param-resolver-registry';
import type { FlowTelemetry } from '../telemetry/flow-telemetry';
import type { DependencyResolution } from './resolve-params';
import type { StateStage } from './request-state.interceptor';

/** What the stages share for the whole application, built once at startup. */
export interface PipelineTools {
  /** The built-in outermost stage (verifying and opening `requestState`, sealing it after). */
  requestState: StateStage;
  resolvers: ParamResolverRegistry;
  dependencies: DependencyResolution;
  /** Round spans and flow metrics (OpenTelemetry); undefined when the module turns telemetry off. */
  telemetry?: FlowTelemetry;
}

/** One call travelling down the stages. */
export interface PipelineCall {
  readonly plan: HandlerPlan;
  readonly ctx: PipelineContext;
  readonly tools: PipelineTools;
  /** The method's arguments, left by the parameter stage for the invoke stage. */
  args?: unknown[];
}

/** What `describe` sees: one handler's merged enhancers (and its plan), or the application-wide ones. */
export interface StageView {
  enhancers: EnhancerMetadata;
  plan?: HandlerPlan;
  tools: PipelineTools;
}

/** One step of the call pipeline: runs its part and calls `next` for the stages inside it. */
export interface CallStage {
  readonly name: string;
  run(call: PipelineCall, next: CallHandler): Promise<unknown>;
  /** What runs in this stage, in order, for `describePipeline` (logs, docs, tests). */
  describe(view: StageView): string[];
  /**
   * True when, for this handler and app, the stage would do nothing but call `next`: the pipeline then
   * leaves it out of the handler's chain (each stage costs a closure, a promise and a few calls per call).
   */
  isIdle?(view: StageView & { plan: HandlerPlan }): boolean;
}
