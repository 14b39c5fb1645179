import {
  ARRAY_MAX_SIZE,
  ARRAY_MIN_SIZE,
  ARRAY_NOT_EMPTY,
  ARRAY_UNIQUE,
  EQUALS,
  IS_ARRAY,
  IS_BOOLEAN,
  IS_DATE,
  IS_DATE_STRING,
  IS_EMAIL,
  IS_ENUM,
  IS_IN,
  IS_INT,
  IS_ISO8601,
  IS_LENGTH,
  IS_NEGATIVE,
  IS_NOT_EMPTY_OBJECT,
  IS_NUMBER,
  IS_OBJECT,
  IS_POSITIVE,
  IS_STRING,
  IS_URL,
  IS_UUID,
  MATCHES,
  MAX,
  MAX_LENGTH,
  MIN,
  MIN_LENGTH,
} from './constraint-names';
import type { JsonSchema } from './json-schema';

type ToKeywords = (constraints: readonly unknown[]) => JsonSchema;

/** JSON Schema keywords for the values of an `@IsEnum` / `@IsIn`: `enum`, with `type` when the values agree on one. */
export function enumKeywords(values: readonly unknown[]): JsonSchema {
  const types = new Set(values.map((v) => (Number.isInteger(v) ? 'integer' : typeof v)));
  if (types.has('integer') && types.has('number')) types.delete('integer');
  const [only] = types;
  const type = types.size === 1 && ['string', 'number', 'integer', 'boolean'].includes(only) ? only : undefined;
  return type ? { type, enum: [...values] } : { enum: [...values] };
}

function patternKeywords(pattern: unknown, modifiers: unknown): JsonSchema {
  if (pattern instanceof RegExp) {
    // JSON Schema patterns carry no flags: a flag that changes matching (i, m, s, ...) cannot be expressed,
    // so the pattern is left out of the schema (validation still applies it).
    return /^[gu]*$/.test(pattern.flags) ? { pattern: pattern.source } : {};
  }
  if (typeof pattern !== 'string') return {};
  return typeof modifiers === 'string' && !/^[gu]*$/.test(modifiers) ? {} : { pattern };
}

const STRING = { type: 'string' };

/**
 * How each class-validator decorator (by its metadata `name`, class-validator's own constants) shows in JSON Schema. Decorators missing here
 * (custom ones, `@IsPhoneNumber`, ...) still validate; they just add nothing to the schema.
 */
export const CONSTRAINT_KEYWORDS: Readonly<Record<string, ToKeywords>> = {
  [IS_STRING]: () => STRING,
  [IS_INT]: () => ({ type: 'integer' }),
  [IS_NUMBER]: () => ({ type: 'number' }),
  [IS_BOOLEAN]: () => ({ type: 'boolean' }),
  [IS_ARRAY]: () => ({ type: 'array' }),
  [IS_OBJECT]: () => ({ type: 'object' }),
  [IS_NOT_EMPTY_OBJECT]: () => ({ type: 'object', minProperties: 1 }),
  [IS_ENUM]: (c) => enumKeywords(c[1] as unknown[]),
  [IS_IN]: (c) => enumKeywords(c[0] as unknown[]),
  [EQUALS]: (c) => ({ const: c[0] }),
  [MIN]: (c) => ({ minimum: c[0] as number }),
  [MAX]: (c) => ({ maximum: c[0] as number }),
  [IS_POSITIVE]: () => ({ exclusiveMinimum: 0 }),
  [IS_NEGATIVE]: () => ({ exclusiveMaximum: 0 }),
  [MIN_LENGTH]: (c) => ({ ...STRING, minLength: c[0] as number }),
  [MAX_LENGTH]: (c) => ({ ...STRING, maxLength: c[0] as number }),
  [IS_LENGTH]: (c) => ({
    ...STRING,
    ...(c[0] != null ? { minLength: c[0] as number } : {}),
    ...(c[1] != null ? { maxLength: c[1] as number } : {}),
  }),
  [MATCHES]: (c) => ({ ...STRING, ...patternKeywords(c[0], c[1]) }),
  [IS_EMAIL]: () => ({ ...STRING, format: 'email' }),
  [IS_URL]: () => ({ ...STRING, format: 'uri' }),
  [IS_UUID]: () => ({ ...STRING, format: 'uuid' }),
  [IS_DATE_STRING]: () => ({ ...STRING, format: 'date-time' }),
  [IS_ISO8601]: () => ({ ...STRING, format: 'date-time' }),
  [IS_DATE]: () => ({ ...STRING, format: 'date-time' }),
  [ARRAY_MIN_SIZE]: (c) => ({ type: 'array', minItems: c[0] as number }),
  [ARRAY_MAX_SIZE]: (c) => ({ type: 'array', maxItems: c[0] as number }),
  [ARRAY_NOT_EMPTY]: () => ({ type: 'array', minItems: 1 }),
  [ARRAY_UNIQUE]: () => ({ type: 'array', uniqueItems: true }),
};

const LOWER_BOUNDS = new Set(['minimum', 'minLength', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maximum', 'maxLength', 'maxItems']);

/** Adds `keywords` to `into`; two bounds of one kind keep the stricter one, anything else the later value. */
export function mergeKeywords(into: JsonSchema, keywords: JsonSchema): void {
  // own keys in Object.entries' order, without an array of pairs per call (two calls a property at createApp)
  for (const key in keywords) {
    if (!Object.prototype.hasOwnProperty.call(keywords, key)) continue;
    const value = keywords[key];
    const old = into[key];
    if (key === 'type' && old === 'integer' && value === 'number') continue; // @IsInt() is the narrower of the two
    if (typeof old === 'number' && typeof value === 'number' && LOWER_BOUNDS.has(key)) into[key] = Math.max(old, value);
    else if (typeof old === 'number' && typeof value === 'number' && UPPER_BOUNDS.has(key))
      into[key] = Math.min(old, value);
    else into[key] = value;
  }
}
