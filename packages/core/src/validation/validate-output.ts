import { compileDtoModel } from '../schema/dto-model';
import type { Class } from '../types/class';
import { finish } from './validation-result';
import { validateArguments } from './validate-arguments';
import type { ValidationResult } from './validation-issue';
import { VALIDATOR_OPTIONS } from './validator-options';
import { runValidationSync } from './run-class-validator';
import { schemaShapeIssues } from './schema-shape-issues';

/**
 * Checks a tool's result against its output DTO: an instance of the class is validated as it is, anything else
 * goes through the same guard and conversion as arguments. Synchronous (see `validateArguments`).
 */
export function validateOutput<T>(cls: Class<T>, value: unknown): ValidationResult<T> {
  if (value instanceof cls) {
    const model = compileDtoModel(cls);
    if (model.properties.length > 0 && !model.hasAsync) {
      return finish(
        value as T,
        runValidationSync(value as object, VALIDATOR_OPTIONS),
        schemaShapeIssues(model, value as object),
      );
    }
    return validateArguments(cls, { ...value }, { what: 'output' });
  }
  return validateArguments(cls, value, { what: 'output' });
}
