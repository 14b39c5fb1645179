import type * as CV from 'class-validator';
import { onFirstUse } from '../metadata/class-validator-api';
import type { ElicitationProperty } from '../schema/elicitation-schema';

const isEmail = onFirstUse<typeof CV.isEmail>('isEmail');
const isISO8601 = onFirstUse<typeof CV.isISO8601>('isISO8601');
const isURL = onFirstUse<typeof CV.isURL>('isURL');

type Constraints = Record<string, string>;
type Check = (schema: Record<string, unknown>, name: string, value: unknown) => Constraints;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FORMATS: Record<string, (value: string) => boolean> = {
  email: (v) => isEmail(v),
  uri: (v) => isURL(v, { require_protocol: true, require_tld: false }),
  date: (v) => DATE.test(v) && isISO8601(v, { strict: true }),
  'date-time': (v) => v.includes('T') && isISO8601(v, { strict: true }),
};

function options(schema: Record<string, unknown>): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  const titled = (schema.oneOf ?? schema.anyOf) as { const: unknown }[] | undefined;
  return titled?.map((o) => o.const);
}

function oneOf(name: string, value: unknown, allowed: unknown[] | undefined, out: Constraints): void {
  if (allowed && !allowed.includes(value))
    out.isIn = `${name} must be one of the following values: ${allowed.join(', ')}`;
}

const checkString: Check = (schema, name, value) => {
  const out: Constraints = {};
  if (typeof value !== 'string') return { isString: `${name} must be a string` };
  const { minLength, maxLength, format } = schema as { minLength?: number; maxLength?: number; format?: string };
  if (minLength !== undefined && [...value].length < minLength)
    out.minLength = `${name} must be longer than or equal to ${minLength} characters`;
  if (maxLength !== undefined && [...value].length > maxLength)
    out.maxLength = `${name} must be shorter than or equal to ${maxLength} characters`;
  if (format && FORMATS[format] && !FORMATS[format](value)) out.format = `${name} must be a valid ${format}`;
  oneOf(name, value, options(schema), out);
  return out;
};

const checkNumber: Check = (schema, name, value) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { isNumber: `${name} must be a number` };
  if (schema.type === 'integer' && !Number.isInteger(value)) return { isInt: `${name} must be an integer number` };
  const out: Constraints = {};
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  if (minimum !== undefined && value < minimum) out.min = `${name} must not be less than ${minimum}`;
  if (maximum !== undefined && value > maximum) out.max = `${name} must not be greater than ${maximum}`;
  return out;
};

const checkBoolean: Check = (_schema, name, value): Constraints =>
  typeof value === 'boolean' ? {} : { isBoolean: `${name} must be a boolean value` };

const checkArray: Check = (schema, name, value) => {
  if (!Array.isArray(value)) return { isArray: `${name} must be an array` };
  const out: Constraints = {};
  const { minItems, maxItems } = schema as { minItems?: number; maxItems?: number };
  if (minItems !== undefined && value.length < minItems)
    out.arrayMinSize = `${name} must contain at least ${minItems} elements`;
  if (maxItems !== undefined && value.length > maxItems)
    out.arrayMaxSize = `${name} must contain no more than ${maxItems} elements`;
  const allowed = options(schema.items as Record<string, unknown>);
  if (allowed && !value.every((item) => allowed.includes(item))) {
    out.isIn = `each value in ${name} must be one of the following values: ${allowed.join(', ')}`;
  }
  return out;
};

const BY_TYPE: Record<string, Check> = {
  string: checkString,
  number: checkNumber,
  integer: checkNumber,
  boolean: checkBoolean,
  array: checkArray,
};

/** The constraints one answer breaks (empty when it is fine), for a property of a checked elicitation schema. */
export function checkElicitationValue(schema: ElicitationProperty, name: string, value: unknown): Constraints {
  const check = BY_TYPE[String(schema.type)];
  return check ? check(schema as unknown as Record<string, unknown>, name, value) : {};
}
