import { CALL_STAGES } from './call-pipeline';
import type { StageView } from './call-stage';

/** One stage of the effective chain and what runs in it, outermost first (filters: in the order they are offered an error). */
export interface PipelineStageDescription {
  stage: string;
  runs: string[];
}

/** The effective chain, stage by stage, as `runPipeline` runs it. */
export function describePipeline(view: StageView): PipelineStageDescription[] {
  return CALL_STAGES.map((stage) => ({ stage: stage.name, runs: stage.describe(view) }));
}
