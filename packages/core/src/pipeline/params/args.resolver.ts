import { ArgumentValidationError } from '../../errors/runtime/argument-validation.error';
import { validateDto } from '../../validation/validate-dto';
import type { ParamResolver } from './param-resolver';

/** `@Args()`: the raw arguments turned into a validated DTO instance. */
export const argsResolver: ParamResolver<'args'> = {
  kind: 'args',
  async resolve(_param, ctx, plan) {
    if (!plan.argsType) return { ...ctx.arguments };
    // Prompt arguments and template variables are strings on the wire; tool arguments are typed JSON.
    const result = await validateDto(plan.argsType, ctx.arguments, { implicitConversion: plan.ref.kind !== 'tool' });
    if (!result.ok) {
      const what = plan.ref.kind === 'resource-template' ? 'resource' : plan.ref.kind;
      throw new ArgumentValidationError(`Invalid arguments for ${what} "${plan.ref.name}": ${result.message}`, result.issues.map((i) => ({ path: i.path, messages: i.messages })));
    }
    return result.value;
  },
};
