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
  /**
   * Whether a property here or in a nested DTO declares `@Field({ header })`: the only way an `x-mcp-header`
   * key gets into a generated schema. Without one the schema declares no parameter header and breaks no
   * header rule, so the app need not walk (or serialise) it to find out.
   */
  declaresHeader: boolean;
  /** Whether a property here or in a nested DTO is a `Date`, converted from its date-time string before validation. */
  hasDates: boolean;
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

// One function for every property: a nested DTO's schema, its cycle reported where it is used.
function nestedSchema(nested: Class, where: string): ObjectJsonSchema {
  return nestedModel(nested, where).schema as ObjectJsonSchema;
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
    let hasAsync = false;
    let declaresHeader = false;
    let hasDates = false;
    // Maps walked with forEach, arrays by index: createApp runs this once per DTO, mostly in the interpreter,
    // where for...of allocates a result object per step (about a fifth of what createApp allocated)
    validators.forEach((metas) => {
      if (!hasAsync) hasAsync = hasAsyncConstraint(metas);
    });
    const properties: PropertyModel[] = [];
    const required: string[] = [];
    const schema: ObjectJsonSchema = { type: 'object', properties: {}, required, additionalProperties: false };
    // Validators' properties first, then @Field-only ones (no set of names built to merge the two lists)
    const each = (name: string): void => {
      const property = compileProperty(cls, name, validators.get(name) ?? [], fields.get(name), nestedSchema);
      // a nested DTO's model is cached by now: its async flag is read, not compiled again
      if (property.nested !== undefined) {
        const nested = compileDtoModel(property.nested);
        if (nested.hasAsync) hasAsync = true;
        if (nested.declaresHeader) declaresHeader = true;
        if (nested.hasDates) hasDates = true;
      }
      if (property.date) hasDates = true;
      if (fields.get(name)?.header !== undefined) declaresHeader = true;
      properties.push(property);
      schema.properties[name] = property.schema;
      if (property.required) required.push(name);
    };
    validators.forEach((_metas, name) => each(name));
    fields.forEach((_field, name) => {
      if (!validators.has(name)) each(name);
    });
    // Kept for the life of the app: exact-length copies, not the lists grown by push (room for 16 each).
    schema.required = required.slice();
    const model: DtoModel = {
      cls,
      properties: properties.slice(),
      schema: deepFreeze(schema),
      hasAsync,
      declaresHeader,
      hasDates,
    };
    cache.set(cls, model);
    return model;
  } finally {
    compiling.pop();
  }
}
