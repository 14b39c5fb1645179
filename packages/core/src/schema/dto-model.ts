import { getFieldMetadata } from './field.metadata';
import type { ObjectJsonSchema } from './json-schema';
import { compileProperty, type PropertyModel } from './property-model';
import { UnsupportedSchemaError } from '../errors/definition/unsupported-schema.error';
import { getValidatorMetadata, hasAsyncConstraint } from './validator-metadata';
import type { Class } from '../types/class';

/** Everything Tessera derives from a DTO class, computed once per class. */
export interface DtoModel {
  cls: Class;
  properties: readonly PropertyModel[];
  /** Frozen: callers share one object. */
  schema: Readonly<ObjectJsonSchema>;
  /** Whether validation needs class-validator's async `validate` (an async constraint here or in a nested DTO). */
  hasAsync: boolean;
}

const cache = new WeakMap<Class, DtoModel>();
const compiling: Class[] = [];

// Own enumerable keys, as Object.values would give, without an array of values per object; a string or number
// child (most of a schema) is not a call.
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      const child: unknown = value[key];
      if (typeof child === 'object' && child !== null) deepFreeze(child);
    }
  }
  return value;
}

function nestedModel(cls: Class, where: string): DtoModel {
  const start = compiling.indexOf(cls);
  if (start >= 0) {
    const cycle = [...compiling.slice(start), cls].map((c) => c.name).join(' -> ');
    throw new UnsupportedSchemaError(
      where,
      `recursive DTO (${cycle}); recursive schemas are not supported, use @IsObject() for the back reference`,
    );
  }
  return compileDtoModel(cls);
}

/**
 * Compiles a DTO class once (cached by the class): which properties it has, their JSON Schema, which are required.
 * Properties with neither class-validator metadata nor `@Field` are not part of it: they are not in the schema,
 * and validation (whitelist + forbidNonWhitelisted) refuses them in input as unknown fields.
 */
export function compileDtoModel(cls: Class): DtoModel {
  const cached = cache.get(cls);
  if (cached) return cached;
  if (typeof cls !== 'function') throw new UnsupportedSchemaError(String(cls), 'a DTO must be a class');
  compiling.push(cls);
  try {
    const validators = getValidatorMetadata(cls);
    const fields = getFieldMetadata(cls);
    // Validators' properties first, then @Field-only ones: one Set filled in place, no spread arrays.
    const names = new Set(validators.keys());
    for (const name of fields.keys()) names.add(name);
    let hasAsync = false;
    for (const metas of validators.values()) if ((hasAsync = hasAsyncConstraint(metas))) break;
    const properties: PropertyModel[] = [];
    const schema: ObjectJsonSchema = { type: 'object', properties: {}, required: [], additionalProperties: false };
    for (const name of names) {
      const property = compileProperty(cls, name, validators.get(name) ?? [], fields.get(name), (nested, where) => {
        const model = nestedModel(nested, where);
        hasAsync ||= model.hasAsync;
        return model.schema as ObjectJsonSchema;
      });
      properties.push(property);
      schema.properties[name] = property.schema;
      if (property.required) schema.required.push(name);
    }
    const model: DtoModel = { cls, properties, schema: deepFreeze(schema), hasAsync };
    cache.set(cls, model);
    return model;
  } finally {
    compiling.pop();
  }
}
