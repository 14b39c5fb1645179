import type { ParamResolver } from './param-resolver';

/** `@InjectParam(token)`: a service from the request's container. */
export const injectResolver: ParamResolver<'inject'> = {
  kind: 'inject',
  resolve: (param, ctx) => ctx.container.resolve(param.meta.token),
};
