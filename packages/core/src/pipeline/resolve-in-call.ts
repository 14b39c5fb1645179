import type { InjectionToken } from 'tsyringe';
import type { ExecutionContext } from '../contracts/execution-context';
import { RequestExecutionContext } from './request-execution-context';

/**
 * A service for this call: through the call's own context when it is Tessera's (a startup singleton then
 * costs no request container), through `ctx.container` for any other context.
 */
export function resolveInCall<T>(ctx: ExecutionContext, token: InjectionToken<T>): T {
  return ctx instanceof RequestExecutionContext ? ctx.resolve(token) : ctx.container.resolve(token);
}
