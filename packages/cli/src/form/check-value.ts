import type { FieldSpec, StringFormat } from './field-spec';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function isRealDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const FORMAT_CHECKS: Record<StringFormat, { test: (value: string) => boolean; expected: string }> = {
  email: { test: (v) => EMAIL.test(v), expected: 'an email address (name@example.com)' },
  uri: {
    test: (v) => URL.canParse(v) && /^[a-z][a-z0-9+.-]*:/i.test(v),
    expected: 'an absolute URI (https://example.com/...)',
  },
  date: { test: isRealDate, expected: 'a date as YYYY-MM-DD' },
  'date-time': {
    test: (v) => DATE_TIME.test(v) && isRealDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)),
    expected: 'a date and time as YYYY-MM-DDTHH:MM:SSZ (with Z or an offset)',
  },
};

function checkString(field: Extract<FieldSpec, { kind: 'string' }>, value: string): string | undefined {
  if (field.minLength !== undefined && value.length < field.minLength)
    return `needs at least ${field.minLength} characters`;
  if (field.maxLength !== undefined && value.length > field.maxLength)
    return `allows at most ${field.maxLength} characters`;
  if (field.format !== undefined && !FORMAT_CHECKS[field.format].test(value))
    return `must be ${FORMAT_CHECKS[field.format].expected}`;
  return undefined;
}

function checkNumber(field: Extract<FieldSpec, { kind: 'number' | 'integer' }>, value: number): string | undefined {
  if (field.kind === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
  if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}`;
  if (field.maximum !== undefined && value > field.maximum) return `must be at most ${field.maximum}`;
  return undefined;
}

/**
 * Why `value` is not a valid answer to `field`, or undefined when it is. Shared by the interactive prompts
 * (re-asked on the spot) and the answers file (a clear error), so both accept exactly the same values.
 * `undefined` means "no answer": only an optional field may have none.
 */
export function checkValue(field: FieldSpec, value: unknown): string | undefined {
  if (value === undefined) return field.required ? 'is required' : undefined;
  const options = 'choices' in field ? field.choices.map((c) => c.value) : [];
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' ? checkString(field, value) : 'must be a string';
    case 'number':
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? checkNumber(field, value) : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'enum':
      return typeof value === 'string' && options.includes(value) ? undefined : `must be one of ${options.join(', ')}`;
    case 'multi': {
      if (!Array.isArray(value)) return `must be a list of ${options.join(', ')}`;
      const unknown = value.find((item) => typeof item !== 'string' || !options.includes(item));
      if (unknown !== undefined) return `has ${JSON.stringify(unknown)}, not one of ${options.join(', ')}`;
      if (field.minItems !== undefined && value.length < field.minItems)
        return `needs at least ${field.minItems} choice(s)`;
      if (field.maxItems !== undefined && value.length > field.maxItems)
        return `allows at most ${field.maxItems} choice(s)`;
      return undefined;
    }
  }
}
