import type { ParamResolver } from './param-resolver';

/** Parameters made with `createParamDecorator`. */
export const customResolver: ParamResolver<'custom'> = {
  kind: 'custom',
  resolve: (param, ctx) => param.meta.resolve(ctx, param.meta.data),
};
