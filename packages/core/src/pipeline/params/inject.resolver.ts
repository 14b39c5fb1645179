import { resolveInCall } from '../resolve-in-call';
import type { ParamResolver } from './param-resolver';

/** `@InjectParam(token)`: a service from the request's container. */
export const injectResolver: ParamResolver<'inject'> = {
  kind: 'inject',
  resolve: (param, ctx) => resolveInCall(ctx, param.meta.token),
};
