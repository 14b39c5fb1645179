import { ArgumentValidationError } from '../../errors/runtime/argument-validation.error';
import { dtoNeedsAsyncValidation, validateDto } from '../../validation/validate-dto';
import { validateArguments } from '../../validation/validate-arguments';
import type { ValidationResult } from '../../validation/validation-issue';
import type { HandlerPlan } from '../../compiler/handler-plan';
import type { ParamResolver } from './param-resolver';

/** `@Args()`: the raw arguments turned into a validated DTO instance. */
export const argsResolver: ParamResolver<'args'> = {
  kind: 'args',
  resolve: (_param, ctx, plan) => validatedArguments(plan, ctx.arguments),
};

/**
 * `args` as the plan's arguments DTO (a copy when it has none): at once, or a promise for a DTO with async
 * constraints. Invalid arguments throw (or reject with) `ArgumentValidationError` naming the handler.
 */
export function validatedArguments(plan: HandlerPlan, args: Record<string, unknown>): unknown {
  if (!plan.argsType) return { ...args };
  // Prompt arguments and template variables are strings on the wire; tool arguments are typed JSON.
  const options = { implicitConversion: plan.ref.kind !== 'tool' };
  // The synchronous path costs no promise per call; only DTOs with async constraints need the other.
  if (dtoNeedsAsyncValidation(plan.argsType))
    return validateDto(plan.argsType, args, options).then((r) => unwrap(r, plan));
  return unwrap(validateArguments(plan.argsType, args, options), plan);
}

function unwrap(result: ValidationResult<unknown>, plan: HandlerPlan): unknown {
  if (result.ok) return result.value;
  const what = plan.ref.kind === 'resource-template' ? 'resource' : plan.ref.kind;
  throw new ArgumentValidationError(
    `Invalid arguments for ${what} "${plan.ref.name}": ${result.message}`,
    result.issues.map((i) => ({ path: i.path, messages: i.messages })),
  );
}
