import { compileDtoModel } from '../schema/dto-model';
import { UnsupportedSchemaError } from '../errors/definition/unsupported-schema.error';
import type { Class } from '../types/class';
import { prepareInstance } from './prepare-instance';
import type { ValidateOptions } from './validate-options';
import { finish } from './validation-result';
import type { ValidationResult } from './validation-issue';
import { VALIDATOR_OPTIONS } from './validator-options';
import { runValidationSync } from './run-class-validator';
import { validationAccelerator } from '../metadata/validation-accelerator';
import { schemaShapeIssues } from './schema-shape-issues';

/**
 * The synchronous (hot-path) validation of untrusted input against a DTO class: input guard, `plainToInstance`
 * (nested DTOs through `@Type`), then class-validator's sync executor (run-class-validator.ts) with whitelist + forbidNonWhitelisted +
 * forbidUnknownValues, after the DTO's compiled check when the validation accelerator has one (a valid input then skips the executor). No promise per constraint, so this is the fast path; a DTO with an async constraint
 * cannot use it (throws `UnsupportedSchemaError`; check `dtoNeedsAsyncValidation` at compile time, or use `validateDto`).
 */
export function validateArguments<T>(
  cls: Class<T>,
  input: unknown,
  options: ValidateOptions = {},
): ValidationResult<T> {
  const model = compileDtoModel(cls);
  if (model.hasAsync) {
    throw new UnsupportedSchemaError(cls.name, 'has asynchronous constraints; validate it with validateDto (async)');
  }
  const prepared = prepareInstance<T>(model, input, options);
  if (prepared.done) return prepared.result;
  const instance = prepared.instance as object;
  // the compiled check only says "class-validator would find nothing"; any error is class-validator's own
  const clean = validationAccelerator()?.compiledCheck?.(cls, VALIDATOR_OPTIONS)?.(instance) === true;
  const errors = clean ? [] : runValidationSync(instance, VALIDATOR_OPTIONS);
  return finish(prepared.instance, errors, schemaShapeIssues(model, instance));
}
