import { compileDtoModel } from '../schema/dto-model';
import type { Class } from '../types/class';
import { prepareInstance } from './prepare-instance';
import type { ValidateOptions } from './validate-options';
import { finish } from './validation-result';
import { validateArguments } from './validate-arguments';
import type { ValidationResult } from './validation-issue';
import { VALIDATOR_OPTIONS } from './validator-options';
import { runValidation } from './run-class-validator';
import { schemaShapeIssues } from './schema-shape-issues';

/**
 * Validates untrusted input against a DTO class and resolves to the instance or the issues. Runs class-validator's
 * async `validate` only when the DTO has an async constraint; otherwise this is `validateArguments` (sync) wrapped.
 */
export async function validateDto<T>(
  cls: Class<T>,
  input: unknown,
  options: ValidateOptions = {},
): Promise<ValidationResult<T>> {
  const model = compileDtoModel(cls);
  if (!model.hasAsync) return validateArguments(cls, input, options);
  const prepared = prepareInstance<T>(model, input, options);
  if (prepared.done) return prepared.result;
  const instance = prepared.instance as object;
  return finish(
    prepared.instance,
    await runValidation(instance, VALIDATOR_OPTIONS),
    schemaShapeIssues(model, instance),
  );
}

/** Whether `validateDto` must be awaited for real (an async constraint on the DTO or a nested one). */
export function dtoNeedsAsyncValidation(cls: Class): boolean {
  return compileDtoModel(cls).hasAsync;
}
