import type { Choice, FieldSpec, StringFormat } from './field-spec';
import { FormSchemaError } from '../errors/form-schema-error';

type Json = Record<string, unknown>;

const FORMATS: readonly StringFormat[] = ['email', 'uri', 'date', 'date-time'];

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Reads the options of a select: plain `enum` (with legacy `enumNames`), or titled `oneOf` / `anyOf` of `{ const, title }`. */
function choicesOf(schema: Json, name: string): Choice[] | undefined {
  const titled = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (titled !== undefined) {
    return titled.map((option) => {
      if (!isRecord(option) || typeof option.const !== 'string')
        throw new FormSchemaError(name, 'a titled option has no string "const"');
      return { value: option.const, title: text(option.title) ?? option.const };
    });
  }
  if (!Array.isArray(schema.enum)) return undefined;
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  return schema.enum.map((value, i) => {
    if (typeof value !== 'string') throw new FormSchemaError(name, `option ${JSON.stringify(value)} is not a string`);
    return { value, title: text(names[i]) ?? value };
  });
}

function fieldFrom(name: string, schema: unknown, required: boolean): FieldSpec {
  if (!isRecord(schema)) throw new FormSchemaError(name, 'its schema is not an object');
  const base = { name, label: text(schema.title) ?? name, description: text(schema.description), required };
  const choices = choicesOf(schema, name);
  const type = schema.type ?? (choices !== undefined ? 'string' : undefined);
  if (type === 'string' && choices !== undefined) {
    if (choices.length === 0) throw new FormSchemaError(name, 'it offers no options');
    return { ...base, kind: 'enum', choices, default: typeof schema.default === 'string' ? schema.default : undefined };
  }
  if (type === 'string') {
    const format = schema.format === undefined ? undefined : FORMATS.find((f) => f === schema.format);
    if (schema.format !== undefined && format === undefined)
      throw new FormSchemaError(name, `format ${JSON.stringify(schema.format)} is unknown`);
    return {
      ...base,
      kind: 'string',
      default: typeof schema.default === 'string' ? schema.default : undefined,
      minLength: num(schema.minLength),
      maxLength: num(schema.maxLength),
      format,
    };
  }
  if (type === 'number' || type === 'integer') {
    return {
      ...base,
      kind: type,
      default: num(schema.default),
      minimum: num(schema.minimum),
      maximum: num(schema.maximum),
    };
  }
  if (type === 'boolean')
    return { ...base, kind: 'boolean', default: typeof schema.default === 'boolean' ? schema.default : undefined };
  if (type === 'array') {
    const items = isRecord(schema.items) ? choicesOf(schema.items, name) : undefined;
    if (items === undefined || items.length === 0)
      throw new FormSchemaError(name, 'an array field must list its options in "items"');
    const fallback =
      Array.isArray(schema.default) && schema.default.every((v) => typeof v === 'string')
        ? (schema.default as string[])
        : undefined;
    return {
      ...base,
      kind: 'multi',
      choices: items,
      default: fallback,
      minItems: num(schema.minItems),
      maxItems: num(schema.maxItems),
    };
  }
  throw new FormSchemaError(
    name,
    `type ${JSON.stringify(type)} is not a form field type (string, number, integer, boolean, array)`,
  );
}

/**
 * Turns an elicitation's `requestedSchema` (a flat object of primitive fields) into the questions to ask, in the
 * server's property order. Throws `FormSchemaError` naming the field when one cannot be asked.
 */
export function fieldsFromSchema(requestedSchema: unknown): FieldSpec[] {
  if (!isRecord(requestedSchema) || !isRecord(requestedSchema.properties)) {
    throw new FormSchemaError('(form)', 'the requested schema has no "properties" object');
  }
  const required = new Set(Array.isArray(requestedSchema.required) ? requestedSchema.required : []);
  return Object.entries(requestedSchema.properties).map(([name, schema]) =>
    fieldFrom(name, schema, required.has(name)),
  );
}
