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
 * How each class-validator decorator (by its metadata `name`) shows in JSON Schema. Decorators missing here
 * (custom ones, `@IsPhoneNumber`, ...) still validate; they just add nothing to the schema.
 */
export const CONSTRAINT_KEYWORDS: Readonly<Record<string, ToKeywords>> = {
  isString: () => STRING,
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  isArray: () => ({ type: 'array' }),
  isObject: () => ({ type: 'object' }),
  isNotEmptyObject: () => ({ type: 'object', minProperties: 1 }),
  isEnum: (c) => enumKeywords(c[1] as unknown[]),
  isIn: (c) => enumKeywords(c[0] as unknown[]),
  equals: (c) => ({ const: c[0] }),
  min: (c) => ({ minimum: c[0] as number }),
  max: (c) => ({ maximum: c[0] as number }),
  isPositive: () => ({ exclusiveMinimum: 0 }),
  isNegative: () => ({ exclusiveMaximum: 0 }),
  minLength: (c) => ({ ...STRING, minLength: c[0] as number }),
  maxLength: (c) => ({ ...STRING, maxLength: c[0] as number }),
  isLength: (c) => ({
    ...STRING,
    ...(c[0] != null ? { minLength: c[0] as number } : {}),
    ...(c[1] != null ? { maxLength: c[1] as number } : {}),
  }),
  matches: (c) => ({ ...STRING, ...patternKeywords(c[0], c[1]) }),
  isEmail: () => ({ ...STRING, format: 'email' }),
  isUrl: () => ({ ...STRING, format: 'uri' }),
  isUUID: () => ({ ...STRING, format: 'uuid' }),
  isDateString: () => ({ ...STRING, format: 'date-time' }),
  isIso8601: () => ({ ...STRING, format: 'date-time' }),
  isDate: () => ({ ...STRING, format: 'date-time' }),
  arrayMinSize: (c) => ({ type: 'array', minItems: c[0] as number }),
  arrayMaxSize: (c) => ({ type: 'array', maxItems: c[0] as number }),
  arrayNotEmpty: () => ({ type: 'array', minItems: 1 }),
  arrayUnique: () => ({ type: 'array', uniqueItems: true }),
};

const LOWER_BOUNDS = new Set(['minimum', 'minLength', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maximum', 'maxLength', 'maxItems']);

/** Adds `keywords` to `into`; two bounds of one kind keep the stricter one, anything else the later value. */
export function mergeKeywords(into: JsonSchema, keywords: JsonSchema): void {
  for (const [key, value] of Object.entries(keywords)) {
    const old = into[key];
    if (key === 'type' && old === 'integer' && value === 'number') continue; // @IsInt() is the narrower of the two
    if (typeof old === 'number' && typeof value === 'number' && LOWER_BOUNDS.has(key)) into[key] = Math.max(old, value);
    else if (typeof old === 'number' && typeof value === 'number' && UPPER_BOUNDS.has(key)) into[key] = Math.min(old, value);
    else into[key] = value;
  }
}
