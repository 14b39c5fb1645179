import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  IsUrl,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Field } from '../../src/decorators/field.decorator';
import { assertElicitationSchema } from '../../src/schema/assert-elicitation-schema';
import { elicitationSchemaForDto } from '../../src/schema/elicitation-schema-for-dto';
import { UnsupportedElicitationSchemaError } from '../../src/errors/definition/unsupported-elicitation-schema.error';

enum Size {
  S = 's',
  L = 'l',
}

class EveryPrimitive {
  @Field({ title: 'Name', description: 'Your name', examples: ['Ada'] })
  @IsString()
  @MinLength(1)
  @MaxLength(40)
  name!: string;
  @IsEmail() email!: string;
  @IsUrl() site!: string;
  @IsDateString() @Field({ format: 'date' }) birthday!: string;
  @IsDateString() when!: string;
  @IsInt() @Min(1) @Max(10) count!: number;
  @IsNumber() @Field({ default: 0.5 }) ratio!: number;
  @IsBoolean() @Field({ default: true }) agree!: boolean;
  @IsEnum(Size) size!: Size;
  @IsIn(['a', 'b']) @Field({ enumTitles: { a: 'Option A', b: 'Option B' } }) pick!: string;
  @IsOptional() @IsArray() @IsIn(['x', 'y', 'z'], { each: true }) @ArrayMinSize(1) @ArrayMaxSize(2) tags?: string[];
  @IsArray() @IsEnum(Size, { each: true }) @Field({ enumTitles: { s: 'Small', l: 'Large' } }) sizes!: Size[];
}

describe('elicitationSchemaForDto', () => {
  it('is deeply frozen: every question asking for the DTO shares it, and its digest text is kept', () => {
    const frozenThroughout = (value: unknown): boolean =>
      typeof value !== 'object' ||
      value === null ||
      (Object.isFrozen(value) && Object.values(value).every(frozenThroughout));
    expect(frozenThroughout(elicitationSchemaForDto(EveryPrimitive))).toBe(true);
  });

  it('flattens every primitive kind into the restricted requestedSchema', () => {
    expect(elicitationSchemaForDto(EveryPrimitive)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', description: 'Your name', minLength: 1, maxLength: 40 },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        birthday: { type: 'string', format: 'date' },
        when: { type: 'string', format: 'date-time' },
        count: { type: 'integer', minimum: 1, maximum: 10 },
        ratio: { type: 'number', default: 0.5 },
        agree: { type: 'boolean', default: true },
        size: { type: 'string', enum: ['s', 'l'] },
        pick: {
          type: 'string',
          oneOf: [
            { const: 'a', title: 'Option A' },
            { const: 'b', title: 'Option B' },
          ],
        },
        tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['x', 'y', 'z'] } },
        sizes: {
          type: 'array',
          items: {
            anyOf: [
              { const: 's', title: 'Small' },
              { const: 'l', title: 'Large' },
            ],
          },
        },
      },
      required: ['name', 'email', 'site', 'birthday', 'when', 'count', 'ratio', 'agree', 'size', 'pick', 'sizes'],
    });
  });

  it('is cached per class', () => {
    expect(elicitationSchemaForDto(EveryPrimitive)).toBe(elicitationSchemaForDto(EveryPrimitive));
  });

  class Address {
    @IsString() city!: string;
  }
  class WithNested {
    @IsString() name!: string;
    @ValidateNested() @Type(() => Address) address!: Address;
  }
  class WithRegex {
    @IsString() @Matches(/^[A-Z]{3}$/) code!: string;
  }
  class WithObjectArray {
    @IsArray() @ValidateNested({ each: true }) @Type(() => Address) stops!: Address[];
  }
  class WithFreeArray {
    @IsArray() @IsString({ each: true }) words!: string[];
  }
  class WithUuid {
    @IsUUID() id!: string;
  }
  class WithNumericEnum {
    @IsIn([1, 2]) level!: number;
  }
  class WithExclusive {
    @IsPositive() amount!: number;
  }
  class WithAny {
    @Field({ description: 'anything' }) blob!: unknown;
  }

  it.each([
    [
      WithNested,
      'WithNested.address cannot be elicited: nested objects are not supported; elicitation forms are flat (string, number, integer, boolean, single- or multi-select enum)',
    ],
    [
      WithRegex,
      'WithRegex.code cannot be elicited: regular expression patterns (@Matches / "pattern") are not supported by elicitation',
    ],
    [
      WithObjectArray,
      'WithObjectArray.stops cannot be elicited: arrays of objects are not supported; only multi-select arrays of string options are',
    ],
    [
      WithFreeArray,
      'WithFreeArray.words cannot be elicited: arrays must be multi-select with a fixed set of string options (@IsIn / @IsEnum with { each: true })',
    ],
    [WithUuid, 'WithUuid.id cannot be elicited: format "uuid" is not supported (allowed: email, uri, date, date-time)'],
    [
      WithNumericEnum,
      'WithNumericEnum.level cannot be elicited: numeric options are not supported; elicitation options must be strings',
    ],
    [
      WithExclusive,
      'WithExclusive.amount cannot be elicited: "exclusiveMinimum" is not supported (use @Min / "minimum")',
    ],
    [
      WithAny,
      'WithAny.blob cannot be elicited: a field without a single primitive type (a union, any or unknown) is not supported',
    ],
  ])('refuses %p with an exact message', (cls, message) => {
    expect(() => elicitationSchemaForDto(cls)).toThrow(UnsupportedElicitationSchemaError);
    expect(() => elicitationSchemaForDto(cls)).toThrow(message);
  });

  it('refuses with the UnsupportedElicitationSchema code and names where and why', () => {
    try {
      elicitationSchemaForDto(WithRegex);
      throw new Error('expected a throw');
    } catch (error) {
      const e = error as UnsupportedElicitationSchemaError;
      expect(e.code).toBe('TESSERA_UNSUPPORTED_ELICITATION_SCHEMA');
      expect(e.where).toBe('WithRegex.code');
      expect(e.reason).toContain('regular expression');
    }
  });
});

describe('assertElicitationSchema', () => {
  it('accepts every primitive shape of the spec, dropping documentation-only keywords', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, examples: ['x'] },
        age: { type: 'integer', minimum: 0 },
        ok: { type: 'boolean' },
        color: { type: 'string', enum: ['red', 'blue'], default: 'red' },
        legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] },
        tier: { type: 'string', oneOf: [{ const: 'f', title: 'Free' }] },
        many: { type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a'] },
        titled: { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } },
      },
      required: ['name'],
    };
    const checked = assertElicitationSchema(schema, 'Booking.confirm');
    expect(checked.properties.name).toEqual({ type: 'string', minLength: 1 });
    expect(checked.properties.legacy).toEqual({ type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] });
    expect(checked.required).toEqual(['name']);
    expect(assertElicitationSchema(schema, 'Booking.confirm')).toBe(checked);
  });

  it.each([
    [
      { type: 'object', properties: { a: { type: 'string', pattern: '^x$' } } },
      'Q.a cannot be elicited: regular expression patterns (@Matches / "pattern") are not supported by elicitation',
    ],
    [
      { type: 'object', properties: { a: { type: 'object', properties: {} } } },
      'Q.a cannot be elicited: nested objects are not supported; elicitation forms are flat (string, number, integer, boolean, single- or multi-select enum)',
    ],
    [
      { type: 'object', properties: { a: { type: 'array', items: { type: 'object' } } } },
      'Q.a cannot be elicited: arrays of objects are not supported; only multi-select arrays of string options are',
    ],
    [
      { type: 'object', properties: { a: { type: ['string', 'null'] } } },
      'Q.a cannot be elicited: a union of types is not supported',
    ],
    [
      { type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } } },
      'Q.a cannot be elicited: unions and combinations of schemas (anyOf) are not supported',
    ],
    [
      { type: 'object', properties: { a: { $ref: '#/$defs/A' } } },
      'Q.a cannot be elicited: references ($ref) are not supported; elicitation forms are flat (string, number, integer, boolean, single- or multi-select enum)',
    ],
    [
      { type: 'object', properties: { a: { type: 'number', multipleOf: 2 } } },
      'Q.a cannot be elicited: keyword "multipleOf" is not supported for a number field',
    ],
    [
      { type: 'object', properties: { a: { type: 'string', default: 3 } } },
      'Q.a cannot be elicited: default must be a string value',
    ],
    [
      { type: 'object', properties: {}, additionalProperties: false },
      'Q cannot be elicited: keyword "additionalProperties" is not supported at the top level',
    ],
    [
      { type: 'object', properties: {}, required: ['ghost'] },
      'Q cannot be elicited: "required" must list names of its properties',
    ],
    [{ type: 'array' }, 'Q cannot be elicited: the schema must have type "object"'],
    ['nope', 'Q cannot be elicited: the schema must be an object'],
  ])('refuses %j', (schema, message) => {
    expect(() => assertElicitationSchema(schema, 'Q')).toThrow(message);
  });
});

describe('assertElicitationSchema caching', () => {
  it('returns the checked form when given the checked form', () => {
    const checked = assertElicitationSchema({ type: 'object', properties: { a: { type: 'string' } } }, 'Q');
    expect(assertElicitationSchema(checked, 'Q')).toBe(checked);
  });
});

describe('SDK conformance', () => {
  it('produces a requestedSchema the SDK accepts unchanged (no keyword it would strip)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ElicitRequestFormParamsSchema } = require('@modelcontextprotocol/core') as {
      ElicitRequestFormParamsSchema: {
        safeParse(v: unknown): { success: boolean; data?: { requestedSchema: unknown } };
      };
    };
    const requestedSchema = elicitationSchemaForDto(EveryPrimitive);
    const parsed = ElicitRequestFormParamsSchema.safeParse({ message: 'Details?', requestedSchema });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.requestedSchema).toEqual(requestedSchema);
  });
});
