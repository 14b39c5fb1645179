import { toElicitationProperty } from './elicitation-property';
import type { ElicitationProperty, ElicitationSchema } from './elicitation-schema';
import { UnsupportedElicitationSchemaError } from '../errors/definition/unsupported-elicitation-schema.error';

const TOP_LEVEL = new Set(['type', 'properties', 'required', '$schema', 'title', 'description']);
const cache = new WeakMap<object, ElicitationSchema>();

/**
 * Checks a raw JSON schema against the flat elicitation `requestedSchema` rules (each property a string, number,
 * integer, boolean or single/multi-select enum; no nesting, no regex, no unions) and returns its restricted form,
 * cached by the schema object. Throws `UnsupportedElicitationSchemaError` naming `where.property` and why.
 */
export function assertElicitationSchema(schema: unknown, where: string): ElicitationSchema {
  if (typeof schema === 'object' && schema !== null) {
    const cached = cache.get(schema);
    if (cached) return cached;
  }
  const refuse = (reason: string): never => {
    throw new UnsupportedElicitationSchemaError(where, reason);
  };
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return refuse('the schema must be an object');
  const raw = schema as Record<string, unknown>;
  if (raw.type !== 'object') refuse('the schema must have type "object"');
  for (const key of Object.keys(raw)) {
    if (!TOP_LEVEL.has(key)) refuse(`keyword "${key}" is not supported at the top level`);
  }
  const props = raw.properties;
  if (typeof props !== 'object' || props === null || Array.isArray(props))
    return refuse('"properties" must be an object');
  const properties: Record<string, ElicitationProperty> = {};
  for (const [name, property] of Object.entries(props))
    properties[name] = toElicitationProperty(property, `${where}.${name}`);
  const required = raw.required ?? [];
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string' && r in properties)) {
    refuse('"required" must list names of its properties');
  }
  const result = Object.freeze({ type: 'object' as const, properties, required: [...(required as string[])] });
  cache.set(schema, result);
  cache.set(result, result); // handing the checked form back in is a cache hit
  return result;
}
