import type { ExecutionContext } from './execution-context';

/**
 * Turns an error thrown by the chain into a result. Return a result to answer with it, or
 * `undefined` to let the next filter (and finally the built-in one) handle the error.
 * Filters run innermost first: method, class, then application.
 */
export interface ExceptionFilter {
  catch(error: unknown, ctx: ExecutionContext): unknown;
}
