import type { ValidatorOptions } from 'class-validator';

/** Unknown fields are errors, not silently dropped; errors keep neither the object nor the value (no leaks, less work). */
export const VALIDATOR_OPTIONS: ValidatorOptions = Object.freeze({
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validationError: Object.freeze({ target: false, value: false }),
});
