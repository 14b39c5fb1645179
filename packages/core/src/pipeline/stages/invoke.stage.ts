import { isInputRequiredResult } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../../compiler/handler-plan';
import { UndeclaredInputRequiredError } from '../../errors/runtime/undeclared-input-required.error';
import type { CallStage } from '../call-stage';
import { markHandlerStarted } from '../handler-started';
import { resolveInCall } from '../resolve-in-call';
import { isThenable } from '../../types/is-thenable';
import { isViewFile, readViewFile } from '../../mcp-apps/view-file';

type Method = (...args: unknown[]) => unknown;

/**
 * Innermost: gets the provider (a startup singleton, or built in the request container) and calls the method.
 * A method that answers at once (not with a promise) is checked in the same turn.
 */
export const invokeStage: CallStage = {
  name: 'invoke',
  run({ plan, ctx, args }) {
    try {
      markHandlerStarted(ctx);
      const instance = resolveInCall(ctx, plan.ref.providerClass as never) as Record<string | symbol, Method>;
      const result = instance[plan.ref.methodName](...(args ?? []));
      return isThenable(result)
        ? Promise.resolve(result).then((value) => checked(plan, value))
        : Promise.resolve(checked(plan, result));
    } catch (error) {
      return Promise.reject(error);
    }
  },
  describe: ({ plan }) =>
    plan ? [plan.module !== undefined ? `${plan.where} (module "${plan.module}")` : plan.where] : [],
};

/**
 * Only a handler that declared the direct form may ask by itself; others would seal nothing sensible. An MCP
 * Apps view returned as a file is read here, so interceptors see its HTML as they would a returned string.
 */
function checked(plan: HandlerPlan, result: unknown): unknown {
  if (isInputRequiredResult(result) && !plan.directForm)
    throw new UndeclaredInputRequiredError(plan.where, plan.dependencies.length > 0, plan.ref.kind === 'resource');
  return isViewFile(plan, result) ? readViewFile(plan, result) : result;
}
