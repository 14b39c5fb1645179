import type { ExecutionContext } from './execution-context';

/** Produces the rest of the chain's result: parameter resolution and the handler itself. */
export type CallHandler = () => Promise<unknown>;

/** Wraps a call: runs code before and after `next()`, may replace the result, must call `next()` at most once. */
export interface Interceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Promise<unknown>;
}
