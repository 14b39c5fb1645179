import type { CallHandler } from '../contracts/interceptor';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { CallStage, PipelineCall, PipelineTools } from './call-stage';
import { filtersStage } from './stages/filters.stage';
import { guardsStage } from './stages/guards.stage';
import { interceptorsStage } from './stages/interceptors.stage';
import { invokeStage } from './stages/invoke.stage';
import { paramsStage } from './stages/params.stage';
import { requestStateStage } from './stages/request-state.stage';
import { roundTraceOnUse, stateRefusalsOnUse } from '../telemetry/telemetry-stages';

/**
 * THE call pipeline. Every `tools/call`, `prompts/get` and `resources/read` runs these stages, the first
 * listed outermost; each runs its part around the ones after it:
 *
 * 1. state-refusals: (telemetry on) counts and traces a refused incoming state, by reason
 * 2. request-state:  verifies and opens the incoming state before anything else; seals the outgoing one
 * 3. round-trace:    (telemetry on) one span per round, linked across the flow by the id in the sealed state
 * 4. filters:        user exception filters (method, class, app), around everything below
 * 5. guards:         a refused caller is never asked a question
 * 6. interceptors:   the user's (app, class, method); they see plaintext state and the unsealed result
 * 7. params:         arguments, context, DI and dependency questions, then pipes; may end the round asking
 * 8. invoke:         the provider from the request container, and its method
 *
 * What escapes the list is turned into the wire answer by the adapter (`server/serve-call.ts`).
 */
export const CALL_STAGES: readonly CallStage[] = [
  stateRefusalsOnUse,
  requestStateStage,
  roundTraceOnUse,
  filtersStage,
  guardsStage,
  interceptorsStage,
  paramsStage,
  invokeStage,
];

export function runPipeline(call: PipelineCall): Promise<unknown> {
  const stages = activeStages(call);
  const dispatch = (i: number): Promise<unknown> => {
    const next: CallHandler = () => dispatch(i + 1);
    return stages[i].run(call, next);
  };
  return dispatch(0);
}

// A handler's plan and its app's tools are fixed once compiled: which stages are idle for it is worked out once.
const ACTIVE = new WeakMap<HandlerPlan, { tools: PipelineTools; stages: readonly CallStage[] }>();

/** The stages that do something for this call's handler, in order (the idle ones would only call `next`). */
function activeStages({ plan, tools }: PipelineCall): readonly CallStage[] {
  const known = ACTIVE.get(plan);
  if (known?.tools === tools) return known.stages;
  const view = { plan, tools, enhancers: plan.enhancers };
  const stages = CALL_STAGES.filter((stage) => !stage.isIdle?.(view));
  ACTIVE.set(plan, { tools, stages });
  return stages;
}
