import type { ParamResolver } from './param-resolver';

/** `@Ctx()`: the call's `ExecutionContext`. */
export const ctxResolver: ParamResolver<'ctx'> = {
  kind: 'ctx',
  resolve: (_param, ctx) => ctx,
};
