type Json = Record<string, unknown>;

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** `3-64 chars`, `at least 3 chars`, `at most 64 items`: a length range in words, or undefined when unbounded. */
function range(min: unknown, max: unknown, unit: string): string | undefined {
  const of = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (num(min) && num(max)) return min === max ? of(min) : `${min}-${of(max)}`;
  if (num(min)) return `at least ${of(min)}`;
  if (num(max)) return `at most ${of(max)}`;
  return undefined;
}

/** The allowed values of a property: `enum`, or `oneOf`/`anyOf` of `const` (the titled form). */
function allowedValues(property: Json): unknown[] | undefined {
  if (Array.isArray(property.enum)) return property.enum;
  const options = (property.oneOf ?? property.anyOf) as Json[] | undefined;
  if (Array.isArray(options) && options.length > 0 && options.every((o) => o !== null && 'const' in o))
    return options.map((o) => o.const);
  return undefined;
}

/**
 * What a tool argument's schema allows, in words, for `tessera tools`: allowed values, numeric bounds, lengths
 * and item counts, a pattern, and the default (`one of eu, us`, `>= 1, <= 10`, `3-64 chars`, `default "eu"`).
 */
export function argumentConstraints(property: Json): string[] {
  const parts: string[] = [];
  const values = allowedValues(property);
  if (values) parts.push(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
  const items = property.items as Json | undefined;
  const itemValues = items && typeof items === 'object' ? allowedValues(items) : undefined;
  if (itemValues) parts.push(`each one of ${itemValues.map((v) => JSON.stringify(v)).join(', ')}`);
  if (num(property.minimum)) parts.push(`>= ${property.minimum}`);
  if (num(property.exclusiveMinimum)) parts.push(`> ${property.exclusiveMinimum}`);
  if (num(property.maximum)) parts.push(`<= ${property.maximum}`);
  if (num(property.exclusiveMaximum)) parts.push(`< ${property.exclusiveMaximum}`);
  if (num(property.multipleOf)) parts.push(`multiple of ${property.multipleOf}`);
  const chars = range(property.minLength, property.maxLength, 'char');
  if (chars) parts.push(chars);
  const count = range(property.minItems, property.maxItems, 'item');
  if (count) parts.push(count);
  if (typeof property.pattern === 'string') parts.push(`pattern ${property.pattern}`);
  if (typeof property.format === 'string') parts.push(`format ${property.format}`);
  if ('default' in property) parts.push(`default ${JSON.stringify(property.default)}`);
  return parts;
}
