import type { ValidationError, ValidatorOptions } from 'class-validator';
import { classValidatorValue } from '../metadata/class-validator-api';
import { validationAccelerator } from '../metadata/validation-accelerator';
import { targetValidationMetadatas } from '../schema/target-validation-metadata';

/**
 * class-validator's `validateSync` (async constraints skipped, as there): the validation accelerator's cached
 * executor when on (O(fields) a call), class-validator's root otherwise (which looks the class up among every
 * decorated class of the process on each call).
 */
export function runValidationSync(object: object, options: ValidatorOptions): ValidationError[] {
  const accelerated = validationAccelerator()?.validateSync?.(object, options);
  if (accelerated) return accelerated;
  return withPrototypeNamedKeys(object, options, classValidatorValue('validateSync')(object, options));
}

/** class-validator's `validate`, the same way. */
export async function runValidation(object: object, options: ValidatorOptions): Promise<ValidationError[]> {
  const accelerated = validationAccelerator()?.validate?.(object, options);
  if (accelerated) return accelerated;
  return withPrototypeNamedKeys(object, options, await classValidatorValue('validate')(object, options));
}

/**
 * class-validator's whitelist looks a key up in a plain object of the declared properties, so an undeclared key
 * named like an `Object.prototype` member whose function takes arguments (`hasOwnProperty`, `isPrototypeOf`, ...)
 * passes as declared. The top-level object's such keys are refused here as the whitelist refuses any other: its
 * errors first, in the object's key order (the accelerator's executor sees them itself).
 */
function withPrototypeNamedKeys(
  object: object,
  options: ValidatorOptions,
  errors: ValidationError[],
): ValidationError[] {
  if (!options.whitelist || !options.forbidNonWhitelisted) return errors;
  const keys = Object.keys(object);
  if (!keys.some((key) => key in Object.prototype)) return errors;
  const declared = new Set(targetValidationMetadatas(object.constructor).map((meta) => meta.propertyName));
  if (declared.size === 0) return errors;
  const undeclared = keys.filter((key) => !declared.has(key));
  const whitelist = undeclared.map(
    (key) =>
      errors.find((error) => error.property === key && error.constraints?.whitelistValidation !== undefined) ??
      refusal(object, key, options),
  );
  return [...whitelist, ...errors.filter((error) => !whitelist.includes(error))];
}

function refusal(object: object, property: string, options: ValidatorOptions): ValidationError {
  const error = new (classValidatorValue('ValidationError'))();
  if (options.validationError?.target !== false) error.target = object;
  if (options.validationError?.value !== false) error.value = (object as Record<string, unknown>)[property];
  error.property = property;
  error.children = undefined as unknown as ValidationError[];
  error.constraints = { whitelistValidation: `property ${property} should not exist` };
  return error;
}
