import { IsBoolean, IsEmail, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { UnsupportedElicitationSchemaError } from '../../src/errors/definition/unsupported-elicitation-schema.error';
import { validateElicitationContent } from '../../src/validation/validate-elicitation-content';

class Confirm {
  @IsBoolean() ok!: boolean;
  @IsInt() @Min(1) @Max(5) seats!: number;
  @IsOptional() @IsEmail() email?: string;
}

const RAW = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    age: { type: 'integer', minimum: 0, maximum: 130 },
    score: { type: 'number' },
    ok: { type: 'boolean' },
    color: { type: 'string', enum: ['red', 'blue'] },
    tier: { type: 'string', oneOf: [{ const: 'free', title: 'Free' }] },
    tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] } },
  },
  required: ['name'],
};

describe('validateElicitationContent with a DTO', () => {
  it('returns an instance for a valid answer', () => {
    const result = validateElicitationContent(Confirm, { ok: true, seats: 2 });
    expect(result.ok && result.value).toBeInstanceOf(Confirm);
  });

  it('names every bad field; keys the question did not ask for are ignored', () => {
    const result = validateElicitationContent(Confirm, { ok: 'yes', seats: 9, extra: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe('ok: ok must be a boolean value; seats: seats must not be greater than 5');
  });

  it('accepts an answer with extra keys and drops them', () => {
    const result = validateElicitationContent(Confirm, { ok: true, seats: 2, note: 'hi' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toBeInstanceOf(Confirm);
    expect(result.value).toEqual({ ok: true, seats: 2 });
  });

  it('refuses a non-object content', () => {
    const result = validateElicitationContent(Confirm, ['x']);
    expect(!result.ok && result.message).toBe('content must be an object, got an array');
  });

  it('refuses a DTO that cannot be elicited', () => {
    class Coded {
      @IsString() @Matches(/^x/) code!: string;
    }
    expect(() => validateElicitationContent(Coded, { code: 'x' })).toThrow(UnsupportedElicitationSchemaError);
  });
});

describe('validateElicitationContent with a raw schema', () => {
  it('returns a fresh plain object holding only the schema properties', () => {
    const content = {
      name: 'Ada',
      email: 'ada@example.com',
      site: 'https://example.com',
      day: '2026-07-28',
      at: '2026-07-28T10:00:00Z',
      age: 36,
      score: 1.5,
      ok: false,
      color: 'red',
      tier: 'free',
      tags: ['a', 'c'],
    };
    const result = validateElicitationContent(RAW, content);
    expect(result).toEqual({ ok: true, value: content });
    expect(result.ok && result.value).not.toBe(content);
  });

  it('names every bad field and why', () => {
    const result = validateElicitationContent(RAW, {
      email: 'not-mail',
      site: 'nope',
      day: '28/07/2026',
      at: '2026-07-28',
      age: 1.5,
      score: 'high',
      ok: 'true',
      color: 'green',
      tier: 'gold',
      tags: ['a', 'z', 'b'],
      extra: 1,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => [i.path, i.messages.join(', ')])).toEqual([
      ['name', 'name is required'],
      ['email', 'email must be a valid email'],
      ['site', 'site must be a valid uri'],
      ['day', 'day must be a valid date'],
      ['at', 'at must be a valid date-time'],
      ['age', 'age must be an integer number'],
      ['score', 'score must be a number'],
      ['ok', 'ok must be a boolean value'],
      ['color', 'color must be one of the following values: red, blue'],
      ['tier', 'tier must be one of the following values: free'],
      [
        'tags',
        'tags must contain no more than 2 elements, each value in tags must be one of the following values: a, b, c',
      ],
    ]);
  });

  it('accepts an answer with extra keys and drops them', () => {
    expect(validateElicitationContent(RAW, { name: 'Ada', note: 'hi' })).toEqual({ ok: true, value: { name: 'Ada' } });
  });

  it('checks string lengths and number bounds', () => {
    const result = validateElicitationContent(RAW, { name: 'A', age: 200 });
    expect(!result.ok && result.message).toBe(
      'name: name must be longer than or equal to 2 characters; age: age must not be greater than 130',
    );
  });

  it('ignores a __proto__ key and refuses non-objects', () => {
    const result = validateElicitationContent(RAW, JSON.parse('{"name":"Ada","__proto__":{"polluted":1}}'));
    expect(result).toEqual({ ok: true, value: { name: 'Ada' } });
    expect(validateElicitationContent(RAW, null).ok).toBe(false);
  });

  it('refuses a raw schema that cannot be elicited', () => {
    expect(() =>
      validateElicitationContent({ type: 'object', properties: { a: { type: 'string', pattern: 'x' } } }, { a: 'x' }),
    ).toThrow(
      'requestedSchema.a cannot be elicited: regular expression patterns (@Matches / "pattern") are not supported by elicitation',
    );
  });
});
