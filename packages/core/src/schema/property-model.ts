import { IS_NOT_EMPTY } from './constraint-names';
import { CONSTRAINT_KEYWORDS, mergeKeywords } from './constraint-keywords';
import { builtInSchema, getDeclaredType } from './declared-type';
import type { FieldMetadata } from './field.metadata';
import type { JsonSchema, ObjectJsonSchema } from './json-schema';
import { allowNull } from './nullable';
import { getTransformerType } from './transformer-metadata';
import { UnsupportedSchemaError } from '../errors/definition/unsupported-schema.error';
import type { ValidationMetadata } from './validator-metadata';
import type { Class } from '../types/class';

/** One compiled DTO property. */
export interface PropertyModel {
  name: string;
  required: boolean;
  /** The property's JSON Schema (nested DTOs inlined). */
  schema: JsonSchema;
  /** The nested DTO class of an object property or of an array's items. */
  nested?: Class;
  /** Declared `@Field({ nullable: true })`: null is a value, and the schema says so. */
  nullable: boolean;
  /** Declared `Date` (or `[Date]`): the wire carries an RFC 3339 date-time string, the method receives a Date. */
  date: boolean;
}

/** Compiles a nested DTO; given `where` (`Class.property`) so that a cycle can be reported there. */
export type NestedSchemaOf = (cls: Class, where: string) => ObjectJsonSchema;

interface ValidatorSummary {
  self: JsonSchema;
  items: JsonSchema;
  each: boolean;
  optional: boolean;
  notEmpty: boolean;
  nestedValidation: boolean;
}

function summarize(metas: readonly ValidationMetadata[]): ValidatorSummary {
  const sum: ValidatorSummary = {
    self: {},
    items: {},
    each: false,
    optional: false,
    notEmpty: false,
    nestedValidation: false,
  };
  for (let i = 0; i < metas.length; i++) {
    const meta = metas[i]!;
    // @IsOptional, and @ValidateIf (its other validators may not run): either way the property may be absent.
    if (meta.type === 'conditionalValidation') sum.optional = true;
    if (meta.type === 'nestedValidation') sum.nestedValidation = true;
    if (meta.each) sum.each = true;
    if (meta.type !== 'customValidation' || !meta.name) continue;
    if (meta.name === IS_NOT_EMPTY) sum.notEmpty = true;
    const toKeywords = CONSTRAINT_KEYWORDS[meta.name];
    if (toKeywords) mergeKeywords(meta.each ? sum.items : sum.self, toKeywords(meta.constraints ?? []));
  }
  return sum;
}

function withEnumTitles(
  schema: JsonSchema,
  titles: Record<string, string> | undefined,
  key: 'oneOf' | 'anyOf',
): JsonSchema {
  if (!titles || !schema.enum) return schema;
  const { enum: values, ...rest } = schema;
  const options = values.map((value) => ({ const: value, title: titles[String(value)] ?? String(value) }));
  // A titled multi-select's items are just `{ anyOf }` (the 2026-07-28 elicitation shape).
  return key === 'anyOf' ? { anyOf: options } : { ...rest, oneOf: options };
}

const DOCUMENTATION_KEYS = ['title', 'description', 'examples', 'default', 'deprecated'] as const;

function documentation(field: FieldMetadata | undefined): JsonSchema {
  const doc: Record<string, unknown> = {};
  if (!field) return doc;
  for (let i = 0; i < DOCUMENTATION_KEYS.length; i++) {
    const key = DOCUMENTATION_KEYS[i]!;
    // Copied: the compiled schema is frozen, and the author's own arrays and objects must not be. A string,
    // number or boolean is its own copy (most titles and descriptions): no structured clone for those.
    const value = field[key];
    if (value !== undefined) doc[key] = isPrimitiveCopy(value) ? value : structuredClone(value);
  }
  if (field.header !== undefined) doc['x-mcp-header'] = field.header;
  return doc;
}

function isPrimitiveCopy(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `Class.property`, as a refusal or a nested DTO's cycle names it: formatted only then. */
function whereOf(cls: Class, name: string): string {
  return `${cls.name}.${name}`;
}

/** Turns one property's class-validator metadata, `@Field` options and reflected type into its schema. */
export function compileProperty(
  cls: Class,
  name: string,
  metas: readonly ValidationMetadata[],
  field: FieldMetadata | undefined,
  nestedSchemaOf: NestedSchemaOf,
): PropertyModel {
  const sum = summarize(metas);
  const declared = getDeclaredType(cls, name, field);
  const isArray = declared.array || sum.self.type === 'array' || sum.each;
  const elementBag = isArray ? sum.items : sum.self;
  const base = builtInSchema(declared.element);

  let element: JsonSchema;
  let nested: Class | undefined;
  if (base === undefined) {
    nested = declared.element as Class;
    if (!sum.nestedValidation || getTransformerType(cls, name) === undefined) {
      throw new UnsupportedSchemaError(
        whereOf(cls, name),
        `nested DTO ${nested.name} needs both @ValidateNested() and @Type(() => ${nested.name}) to be converted and validated`,
      );
    }
    element = nestedSchemaOf(nested, whereOf(cls, name));
  } else {
    element = base;
    mergeKeywords(element, elementBag);
    if (field?.format) element.format = field.format;
    if (sum.notEmpty && !isArray && element.type === 'string') mergeKeywords(element, { minLength: 1 });
    element = withEnumTitles(element, field?.enumTitles, isArray ? 'anyOf' : 'oneOf');
  }

  let schema: JsonSchema = element;
  if (isArray) {
    const { type: _ignored, ...arrayKeywords } = sum.self;
    schema = { type: 'array', ...arrayKeywords };
    if (Object.keys(element).length > 0) schema.items = element;
  } else if (nested) {
    schema = { ...element };
  }
  Object.assign(schema, documentation(field));
  const nullable = field?.nullable === true;
  const optional = sum.optional || field?.optional === true;
  // class-validator skips a null only under @IsOptional (or @ValidateIf); otherwise its own checks refuse what the schema allows.
  if (nullable && !optional)
    throw new UnsupportedSchemaError(
      whereOf(cls, name),
      'nullable: true needs @IsOptional() (or optional: true) too, or class-validator refuses the null the schema allows',
    );
  const date = declared.element === Date;
  return { name, required: !optional, schema: nullable ? allowNull(schema) : schema, nested, nullable, date };
}
