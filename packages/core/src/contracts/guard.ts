import type { ExecutionContext } from './execution-context';

/**
 * Decides whether a call may proceed. Runs before any parameter is resolved, so a refused caller is
 * never asked a question. Return `false` (a generic refusal) or throw a `ForbiddenError` with a reason.
 */
export interface Guard {
  canActivate(ctx: ExecutionContext): boolean | Promise<boolean>;
}
