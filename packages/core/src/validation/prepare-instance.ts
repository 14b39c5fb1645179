import { plainToInstance, type ClassTransformOptions } from 'class-transformer';
import type { ValidationError } from 'class-validator';
import type { DtoModel } from '../schema/dto-model';
import type { ConcreteClass } from '../types/class';
import { coerceStringValues } from './coerce-string-values';
import { formatValidationIssues } from './format-validation-issues';
import { issue } from './issue';
import { toPlainInput } from './to-plain-input';
import { toValidationIssues } from './to-validation-issues';
import type { ValidationIssue, ValidationResult } from './validation-issue';

export interface ValidateOptions {
  /** Turn string values of number/integer/boolean properties into those types first (prompts, URI variables). */
  implicitConversion?: boolean;
  /** How the input is called in a message about the input as a whole; default `arguments`. */
  what?: string;
}

// Nested DTOs are converted through their `@Type()`; nothing is converted implicitly.
const TRANSFORM: ClassTransformOptions = Object.freeze({ enableImplicitConversion: false, exposeDefaultValues: false });

export function failure<T>(issues: ValidationIssue[]): ValidationResult<T> {
  return { ok: false, issues, message: formatValidationIssues(issues) };
}

/** Either a DTO instance ready for class-validator, or the result already known without it. */
export type Prepared<T> = { done: false; instance: T } | { done: true; result: ValidationResult<T> };

export function prepareInstance<T>(model: DtoModel, input: unknown, options: ValidateOptions): Prepared<T> {
  const plain = toPlainInput(input, options.what ?? 'arguments');
  if (!plain.ok) return { done: true, result: failure([plain.issue]) };
  const value = options.implicitConversion ? coerceStringValues(model, plain.value) : plain.value;
  const cls = model.cls as ConcreteClass<T>;
  if (model.properties.length === 0) {
    // class-validator's forbidUnknownValues refuses instances of classes without metadata, so do it here.
    const unknown = Object.keys(value).map((key) => issue(key, { unknownField: `${key} is not a known field` }));
    return { done: true, result: unknown.length ? failure(unknown) : { ok: true, value: new cls() } };
  }
  return { done: false, instance: plainToInstance(cls, value, TRANSFORM) };
}

export function finish<T>(instance: T, errors: readonly ValidationError[]): ValidationResult<T> {
  return errors.length ? failure(toValidationIssues(errors)) : { ok: true, value: instance };
}
