import { isInputRequiredResult } from '@modelcontextprotocol/server';
import { UndeclaredInputRequiredError } from '../../errors/runtime/undeclared-input-required.error';
import type { CallStage } from '../call-stage';
import { markHandlerStarted } from '../handler-started';
import { resolveInCall } from '../resolve-in-call';

type Method = (...args: unknown[]) => unknown;

/** Innermost: gets the provider (a startup singleton, or built in the request container) and calls the method. */
export const invokeStage: CallStage = {
  name: 'invoke',
  async run({ plan, ctx, args }) {
    markHandlerStarted(ctx);
    const instance = resolveInCall(ctx, plan.ref.providerClass as never) as Record<string | symbol, Method>;
    const result = await instance[plan.ref.methodName](...(args ?? []));
    // Only a handler that declared the direct form may ask by itself; others would seal nothing sensible.
    if (isInputRequiredResult(result) && !plan.directForm)
      throw new UndeclaredInputRequiredError(plan.where, plan.dependencies.length > 0, plan.ref.kind === 'resource');
    return result;
  },
  describe: ({ plan }) =>
    plan ? [plan.module !== undefined ? `${plan.where} (module "${plan.module}")` : plan.where] : [],
};
