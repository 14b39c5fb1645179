import type { ClassTransformOptions } from 'class-transformer';
import type { DtoModel } from '../schema/dto-model';
import type { ConcreteClass } from '../types/class';
import { coerceStringValues } from './coerce-string-values';
import { convertDateFields } from './convert-date-fields';
import { validationAccelerator } from '../metadata/validation-accelerator';
import { loadFeature } from '../loading/load-feature';
import { issue } from './issue';
import { toPlainInput } from './to-plain-input';
import type { ValidationResult } from './validation-issue';
import { failure } from './validation-result';
import type { ValidateOptions } from './validate-options';

// Nested DTOs are converted through their `@Type()`; nothing is converted implicitly.
const TRANSFORM: ClassTransformOptions = Object.freeze({ enableImplicitConversion: false, exposeDefaultValues: false });

let transformer: typeof import('class-transformer') | undefined;

/**
 * class-transformer's `plainToInstance`, required on first use: with the validation accelerator on, a flat DTO's
 * instance is built by its copy, so an app whose DTOs are all flat never loads class-transformer's root.
 */
function plainToInstance<T>(cls: ConcreteClass<T>, value: Record<string, unknown>): T {
  const copied = validationAccelerator()?.plainToInstance?.(cls, value, TRANSFORM);
  if (copied !== undefined) return copied;
  transformer ??= loadFeature('classTransformer');
  return transformer.plainToInstance(cls, value, TRANSFORM);
}

/** Either a DTO instance ready for class-validator, or the result already known without it. */
export type Prepared<T> = { done: false; instance: T } | { done: true; result: ValidationResult<T> };

/**
 * Guards the input, applies implicit conversion if asked, and builds the DTO instance (nested DTOs via `@Type`,
 * `Date` properties from their date-time strings).
 */
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
  const instance = plainToInstance(cls, value);
  if (model.hasDates) convertDateFields(model, instance as object, value);
  return { done: false, instance };
}
