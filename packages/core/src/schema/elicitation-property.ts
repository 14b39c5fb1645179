import { ELICITATION_FORMATS, type ElicitationProperty } from './elicitation-schema';
import type { JsonSchema } from './json-schema';
import { UnsupportedElicitationSchemaError } from '../errors/definition/unsupported-elicitation-schema.error';
import { isJsonObject } from '../types/json-object';

type Convert = (schema: JsonSchema, refuse: (reason: string) => never) => JsonSchema;

const FLAT = 'elicitation forms are flat (string, number, integer, boolean, single- or multi-select enum)';
/** Why a property holding a nested DTO (or an array of them) cannot be a form field. */
export const NESTED_REASON = `nested objects are not supported; ${FLAT}`;
/** Why an array of nested DTOs (or of any objects) cannot be a form field. */
export const NESTED_ARRAY_REASON =
  'arrays of objects are not supported; only multi-select arrays of string options are';
// Documentation-only keywords that the restricted schema has no place for: dropped, not refused.
const DROPPED = new Set(['examples', 'deprecated', '$comment', 'uniqueItems']);
// Refused with a reason of their own instead of the generic "keyword is not supported".
const REASONS: Record<string, string> = {
  pattern: 'regular expression patterns (@Matches / "pattern") are not supported by elicitation',
  exclusiveMinimum: '"exclusiveMinimum" is not supported (use @Min / "minimum")',
  exclusiveMaximum: '"exclusiveMaximum" is not supported (use @Max / "maximum")',
  $ref: `references ($ref) are not supported; ${FLAT}`,
  allOf: 'unions and combinations of schemas (allOf) are not supported',
  anyOf: 'unions and combinations of schemas (anyOf) are not supported',
  not: 'unions and combinations of schemas (not) are not supported',
  if: 'conditional schemas (if/then/else) are not supported',
  properties: NESTED_REASON,
};

function pick(schema: JsonSchema, keys: readonly string[], refuse: (reason: string) => never): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (keys.includes(key)) out[key] = value;
    else if (!DROPPED.has(key))
      refuse(REASONS[key] ?? `keyword "${key}" is not supported for a ${String(schema.type)} field`);
  }
  return out;
}

function isStringOptions(values: unknown): values is string[] {
  return Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string');
}

function isTitledOptions(values: unknown): boolean {
  return (
    Array.isArray(values) &&
    values.length > 0 &&
    values.every(
      (v) =>
        isJsonObject(v) && typeof v.const === 'string' && typeof v.title === 'string' && Object.keys(v).length === 2,
    )
  );
}

const stringField: Convert = (schema, refuse) => {
  if (schema.enum !== undefined || schema.oneOf !== undefined) {
    if (schema.enum !== undefined && !isStringOptions(schema.enum)) refuse('enum options must be strings');
    if (schema.oneOf !== undefined && !isTitledOptions(schema.oneOf))
      refuse('"oneOf" must list { const, title } string options');
    const out = pick(
      schema,
      ['type', 'title', 'description', 'default', 'enum', 'oneOf', 'enumNames', 'minLength', 'maxLength'],
      refuse,
    );
    delete out.minLength;
    delete out.maxLength;
    return out;
  }
  if (schema.format !== undefined && !ELICITATION_FORMATS.has(String(schema.format))) {
    refuse(`format "${String(schema.format)}" is not supported (allowed: ${[...ELICITATION_FORMATS].join(', ')})`);
  }
  return pick(schema, ['type', 'title', 'description', 'default', 'minLength', 'maxLength', 'format'], refuse);
};

const numberField: Convert = (schema, refuse) => {
  if (schema.enum !== undefined) refuse('numeric options are not supported; elicitation options must be strings');
  return pick(schema, ['type', 'title', 'description', 'default', 'minimum', 'maximum'], refuse);
};

const booleanField: Convert = (schema, refuse) => pick(schema, ['type', 'title', 'description', 'default'], refuse);

const multiSelectField: Convert = (schema, refuse) => {
  const items = schema.items;
  if (isJsonObject(items) && (items.type === 'object' || items.properties !== undefined || items.$ref !== undefined)) {
    refuse(NESTED_ARRAY_REASON);
  }
  const out = pick(schema, ['type', 'title', 'description', 'default', 'minItems', 'maxItems', 'items'], refuse);
  if (
    isJsonObject(items) &&
    isStringOptions(items.enum) &&
    Object.keys(items).every((k) => k === 'type' || k === 'enum') &&
    (items.type === 'string' || items.type === undefined)
  ) {
    out.items = { type: 'string', enum: items.enum };
  } else if (
    isJsonObject(items) &&
    isTitledOptions(items.anyOf) &&
    Object.keys(items).every((k) => k === 'anyOf' || k === 'type')
  ) {
    out.items = { anyOf: items.anyOf };
  } else {
    refuse('arrays must be multi-select with a fixed set of string options (@IsIn / @IsEnum with { each: true })');
  }
  return out;
};

const objectField: Convert = (_schema, refuse) => refuse(NESTED_REASON);

const BY_TYPE: Record<string, Convert> = {
  string: stringField,
  number: numberField,
  integer: numberField,
  boolean: booleanField,
  array: multiSelectField,
  object: objectField,
};

const DEFAULT_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  array: (v) => Array.isArray(v) && v.every((item) => typeof item === 'string'),
};

/**
 * Checks one property schema against the elicitation restrictions and returns the restricted form (documentation-only
 * keywords such as `examples` dropped). Throws `UnsupportedElicitationSchemaError` naming `where` and the reason.
 */
export function toElicitationProperty(schema: unknown, where: string): ElicitationProperty {
  const refuse = (reason: string): never => {
    throw new UnsupportedElicitationSchemaError(where, reason);
  };
  if (!isJsonObject(schema)) return refuse('a property schema must be an object');
  for (const key of ['$ref', 'allOf', 'anyOf', 'not', 'if', 'properties']) if (key in schema) refuse(REASONS[key]!);
  let type = schema.type;
  if (type === undefined && (schema.enum !== undefined || schema.oneOf !== undefined)) type = 'string';
  if (Array.isArray(type)) refuse('a union of types is not supported');
  const convert = typeof type === 'string' ? BY_TYPE[type] : undefined;
  if (!convert) return refuse('a field without a single primitive type (a union, any or unknown) is not supported');
  const out = convert({ ...schema, type: type as string }, refuse);
  if (out.default !== undefined && !DEFAULT_CHECKS[type as string]!(out.default))
    refuse(`default must be a ${String(type)} value`);
  return out as ElicitationProperty;
}
