import { ArgumentValidationError } from '../../errors/runtime/argument-validation.error';
import { dtoNeedsAsyncValidation, validateDto } from '../../validation/validate-dto';
import { validateArguments } from '../../validation/validate-arguments';
import type { ValidationResult } from '../../validation/validation-issue';
import type { ParamResolver } from './param-resolver';

/** `@Args()`: the raw arguments turned into a validated DTO instance. */
export const argsResolver: ParamResolver<'args'> = {
  kind: 'args',
  resolve(_param, ctx, plan) {
    if (!plan.argsType) return { ...ctx.arguments };
    // Prompt arguments and template variables are strings on the wire; tool arguments are typed JSON.
    const options = { implicitConversion: plan.ref.kind !== 'tool' };
    // The synchronous path costs no promise per call; only DTOs with async constraints need the other.
    if (dtoNeedsAsyncValidation(plan.argsType))
      return validateDto(plan.argsType, ctx.arguments, options).then((r) => unwrap(r, plan));
    return unwrap(validateArguments(plan.argsType, ctx.arguments, options), plan);
  },
};

function unwrap(result: ValidationResult<unknown>, plan: Parameters<ParamResolver<'args'>['resolve']>[2]): unknown {
  if (result.ok) return result.value;
  const what = plan.ref.kind === 'resource-template' ? 'resource' : plan.ref.kind;
  throw new ArgumentValidationError(
    `Invalid arguments for ${what} "${plan.ref.name}": ${result.message}`,
    result.issues.map((i) => ({ path: i.path, messages: i.messages })),
  );
}
