import { checkValue } from '../src/form/check-value';
import type { FieldSpec } from '../src/form/field-spec';

const base = { name: 'f', label: 'F', required: true };
const str = (extra: object = {}): FieldSpec => ({ ...base, kind: 'string', ...extra });

describe('checkValue (one rule for typed answers and the answers file)', () => {
  it.each([
    ['email', 'ada@example.com', 'ada@example', 'must be an email address'],
    ['uri', 'https://example.com/x', 'example.com/x', 'must be an absolute URI'],
    ['date', '2026-02-28', '2026-02-30', 'must be a date as YYYY-MM-DD'],
    ['date-time', '2026-07-28T10:00:00Z', '2026-07-28 10:00', 'must be a date and time'],
  ])('format %s: accepts %s, refuses %s', (format, good, bad, message) => {
    expect(checkValue(str({ format }), good)).toBeUndefined();
    expect(checkValue(str({ format }), bad)).toContain(message);
  });

  it('checks string lengths, numbers, integers and bounds', () => {
    expect(checkValue(str({ minLength: 3 }), 'ab')).toBe('needs at least 3 characters');
    expect(checkValue(str({ maxLength: 1 }), 'ab')).toBe('allows at most 1 characters');
    const int: FieldSpec = { ...base, kind: 'integer', minimum: 1, maximum: 60 };
    expect(checkValue(int, 20)).toBeUndefined();
    expect(checkValue(int, 2.5)).toBe('must be a whole number');
    expect(checkValue(int, 0)).toBe('must be at least 1');
    expect(checkValue(int, 61)).toBe('must be at most 60');
    expect(checkValue(int, '20')).toBe('must be a number');
    expect(checkValue({ ...base, kind: 'number' }, 2.5)).toBeUndefined();
  });

  it('checks booleans, single and multi selects', () => {
    expect(checkValue({ ...base, kind: 'boolean' }, 'yes')).toBe('must be true or false');
    const choices = [
      { value: 'a', title: 'A' },
      { value: 'b', title: 'B' },
    ];
    expect(checkValue({ ...base, kind: 'enum', choices }, 'c')).toBe('must be one of a, b');
    const multi: FieldSpec = { ...base, kind: 'multi', choices, minItems: 1, maxItems: 1 };
    expect(checkValue(multi, ['a'])).toBeUndefined();
    expect(checkValue(multi, [])).toBe('needs at least 1 choice(s)');
    expect(checkValue(multi, ['a', 'b'])).toBe('allows at most 1 choice(s)');
    expect(checkValue(multi, ['z'])).toBe('has "z", not one of a, b');
    expect(checkValue(multi, 'a')).toBe('must be a list of a, b');
  });

  it('only an optional field may be left without an answer', () => {
    expect(checkValue(str(), undefined)).toBe('is required');
    expect(checkValue(str({ required: false }), undefined)).toBeUndefined();
  });
});
