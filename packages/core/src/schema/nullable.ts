import type { JsonSchema } from './json-schema';

/**
 * `null` in generated schemas. A property's schema admits null only when the author declared it
 * (`@Field({ nullable: true })`): `@IsOptional()` means "may be left out" in the schema, so a null that
 * class-validator would wave through is refused to match what `inputSchema` tells clients.
 */

/** Widens a property's schema to also accept null (the type list, the enum, or the titled options). */
export function allowNull(schema: JsonSchema): JsonSchema {
  const widened: JsonSchema = { ...schema };
  if (typeof schema.type === 'string') widened.type = [schema.type, 'null'];
  else if (Array.isArray(schema.type) && !schema.type.includes('null')) widened.type = [...schema.type, 'null'];
  if (schema.enum !== undefined && !schema.enum.includes(null)) widened.enum = [...schema.enum, null];
  if (schema.oneOf !== undefined) widened.oneOf = [...schema.oneOf, { type: 'null' }];
  return widened;
}

/** Whether a value of null satisfies the schema's `type` (a schema without one, a free-form value, accepts it). */
export function admitsNull(schema: JsonSchema): boolean {
  if (schema.type === undefined) return schema.enum === undefined || schema.enum.includes(null);
  return schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'));
}

/** "an object", "an array", "a string": what the schema wants instead of null, for the field error. */
export function expectedKind(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || type === 'array' || type === 'integer') return `an ${type}`;
  return type === undefined ? 'a value' : `a ${type}`;
}
