import type { ParamMetadata, ParamKind } from '../../metadata/definitions/param.metadata';
import type { HandlerPlan, ParamPlan } from '../../compiler/handler-plan';
import type { ExecutionContext } from '../../contracts/execution-context';

/** Fills one kind of parameter. Dependency parameters are resolved together, by the MRTR resolver. */
export interface ParamResolver<K extends ParamKind = ParamKind> {
  kind: K;
  resolve(
    param: ParamPlan & { meta: Extract<ParamMetadata, { kind: K }> },
    ctx: ExecutionContext,
    plan: HandlerPlan,
  ): unknown;
}
