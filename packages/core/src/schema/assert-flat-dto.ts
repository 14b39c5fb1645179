import { UnsupportedElicitationSchemaError } from '../errors/definition/unsupported-elicitation-schema.error';
import type { Class } from '../types/class';
import { builtInSchema, getDeclaredType } from './declared-type';
import { NESTED_ARRAY_REASON, NESTED_REASON } from './elicitation-property';
import { getFieldMetadata } from './field.metadata';
import { getValidatorMetadata } from './validator-metadata';

/**
 * Refuses a form DTO with a nested DTO property (or an array of them) before its model is compiled: compiling
 * would first ask for `@ValidateNested()` and `@Type()`, which would not make it a form either.
 */
export function assertFlatDto(cls: Class): void {
  const fields = getFieldMetadata(cls);
  const names = new Set([...getValidatorMetadata(cls).keys(), ...fields.keys()]);
  for (const name of names) {
    const declared = getDeclaredType(cls, name, fields.get(name));
    if (builtInSchema(declared.element) === undefined)
      throw new UnsupportedElicitationSchemaError(
        `${cls.name}.${name}`,
        declared.array ? NESTED_ARRAY_REASON : NESTED_REASON,
      );
  }
}
