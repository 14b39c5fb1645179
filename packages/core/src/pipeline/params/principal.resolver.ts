import type { ParamResolver } from './param-resolver';

/** `@Principal()`: the verified caller, or `undefined`. */
export const principalResolver: ParamResolver<'principal'> = {
  kind: 'principal',
  resolve: (_param, ctx) => ctx.principal,
};
