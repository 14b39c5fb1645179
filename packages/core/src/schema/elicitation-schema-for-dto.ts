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
  const model = compileDtoModel(cls);
  const properties: Record<string, ElicitationProperty> = {};
  const required: string[] = [];
  for (const property of model.properties) {
    properties[property.name] = toElicitationProperty(property.schema, `${cls.name}.${property.name}`);
    if (property.required) required.push(property.name);
  }
  const schema = Object.freeze({ type: 'object' as const, properties, required });
  cache.set(cls, schema);
  return schema;
}
