import { assertFlatDto } from './assert-flat-dto';
import { compileDtoModel } from './dto-model';
import { toElicitationProperty } from './elicitation-property';
import type { ElicitationProperty, ElicitationSchema } from './elicitation-schema';
import type { Class } from '../types/class';

const cache = new WeakMap<Class, ElicitationSchema>();

/**
 * The flat elicitation `requestedSchema` of a DTO, cached per class. Every property must be a string (minLength,
 * maxLength, format email|uri|date|date-time), number/integer (minimum, maximum), boolean, or a single/multi-select
 * of string options; anything else (nested DTO, array of objects, @Matches, union) throws
 * `UnsupportedElicitationSchemaError` naming `Class.property` and the reason. Call it at definition time.
 */
export function elicitationSchemaForDto(cls: Class): ElicitationSchema {
  const cached = cache.get(cls);
  if (cached) return cached;
  assertFlatDto(cls);
  const model = compileDtoModel(cls);
  const properties: Record<string, ElicitationProperty> = {};
  const required: string[] = [];
  for (const property of model.properties) {
    properties[property.name] = toElicitationProperty(property.schema, `${cls.name}.${property.name}`);
    if (property.required) required.push(property.name);
  }
  // deeply frozen: it is shared by every question that asks for this DTO (and its digest text is kept, see canonical-json.ts)
  for (const property of Object.values(properties)) deepFreeze(property);
  const schema = Object.freeze({
    type: 'object' as const,
    properties: Object.freeze(properties),
    required: Object.freeze(required),
  }) as ElicitationSchema;
  cache.set(cls, schema);
  return schema;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
