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
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Field } from '../../src/decorators/field.decorator';
import { jsonSchemaForDto } from '../../src/schema/json-schema-for-dto';
import { outputSchemaForDto } from '../../src/schema/output-schema-for-dto';
import { UnsupportedSchemaError } from '../../src/errors/definition/unsupported-schema.error';

enum Region {
  Eu = 'eu',
  Us = 'us',
}

enum Priority {
  Low = 1,
  High = 2,
}

class Tag {
  @IsString() @MinLength(1) name!: string;
  @IsOptional() @IsInt() weight?: number;
}

class Address {
  @IsString() street!: string;
  @IsOptional() @IsString() @Length(2, 2) country?: string;
}

class EveryDecorator {
  @Field({ description: 'Display name', title: 'Name', examples: ['web-1'] })
  @IsString()
  @MinLength(3)
  @MaxLength(20)
  name!: string;

  @IsString() @Length(2, 8) code!: string;
  @IsString() @Matches(/^[a-z]+$/) slug!: string;
  @IsString() @Matches(/^[a-z]+$/i) caseless!: string;
  @IsEmail() email!: string;
  @IsUrl() homepage!: string;
  @IsUUID() id!: string;
  @IsDateString() startsAt!: string;
  @IsISO8601() endsAt!: string;
  @IsInt() @Min(1) @Max(64) size!: number;
  @IsNumber() ratio!: number;
  @IsBoolean() enabled!: boolean;
  @IsEnum(Region) region!: Region;
  @IsEnum(Priority) priority!: Priority;
  @IsIn(['small', 'large']) flavour!: string;
  @IsOptional() @IsString() @Field({ default: 'none', deprecated: true }) note?: string;
  @Field({ optional: true, description: 'free text' }) comment?: string;
  @IsNotEmpty() @IsString() label!: string;
  @IsObject() labels!: Record<string, string>;
  @IsArray() @IsString({ each: true }) @ArrayMinSize(1) @ArrayMaxSize(5) aliases!: string[];
  @IsArray() @IsIn(['a', 'b'], { each: true }) letters!: string[];
  @Field({ type: () => [Number] }) @IsArray() scores!: number[];
  @ValidateNested() @Type(() => Address) address!: Address;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Tag) tags?: Tag[];
  @Field({ format: 'hostname' }) @IsString() host!: string;
  @Field({ enumTitles: { eu: 'Europe', us: 'United States' } }) @IsEnum(Region) home!: Region;
  @Field({ enumTitles: { eu: 'Europe', us: 'United States' } })
  @IsEnum(Region, { each: true })
  @IsArray()
  visited!: Region[];
  notDecorated?: string;
}

const TAG = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, weight: { type: 'integer' } },
  required: ['name'],
  additionalProperties: false,
};

const ADDRESS = {
  type: 'object',
  properties: { street: { type: 'string' }, country: { type: 'string', minLength: 2, maxLength: 2 } },
  required: ['street'],
  additionalProperties: false,
};

describe('jsonSchemaForDto', () => {
  it('describes every supported decorator', () => {
    const schema = jsonSchemaForDto(EveryDecorator);
    expect(schema).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        name: {
          type: 'string',
          minLength: 3,
          maxLength: 20,
          title: 'Name',
          description: 'Display name',
          examples: ['web-1'],
        },
        code: { type: 'string', minLength: 2, maxLength: 8 },
        slug: { type: 'string', pattern: '^[a-z]+$' },
        caseless: { type: 'string' },
        email: { type: 'string', format: 'email' },
        homepage: { type: 'string', format: 'uri' },
        id: { type: 'string', format: 'uuid' },
        startsAt: { type: 'string', format: 'date-time' },
        endsAt: { type: 'string', format: 'date-time' },
        size: { type: 'integer', minimum: 1, maximum: 64 },
        ratio: { type: 'number' },
        enabled: { type: 'boolean' },
        region: { type: 'string', enum: ['eu', 'us'] },
        priority: { type: 'integer', enum: [1, 2] },
        flavour: { type: 'string', enum: ['small', 'large'] },
        note: { type: 'string', default: 'none', deprecated: true },
        comment: { type: 'string', description: 'free text' },
        label: { type: 'string', minLength: 1 },
        labels: { type: 'object' },
        aliases: { type: 'array', minItems: 1, maxItems: 5, items: { type: 'string' } },
        letters: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        scores: { type: 'array', items: { type: 'number' } },
        address: ADDRESS,
        tags: { type: 'array', items: TAG },
        host: { type: 'string', format: 'hostname' },
        home: {
          type: 'string',
          oneOf: [
            { const: 'eu', title: 'Europe' },
            { const: 'us', title: 'United States' },
          ],
        },
        visited: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'eu', title: 'Europe' },
              { const: 'us', title: 'United States' },
            ],
          },
        },
      },
      required: [
        'name',
        'code',
        'slug',
        'caseless',
        'email',
        'homepage',
        'id',
        'startsAt',
        'endsAt',
        'size',
        'ratio',
        'enabled',
        'region',
        'priority',
        'flavour',
        'label',
        'labels',
        'aliases',
        'letters',
        'scores',
        'address',
        'host',
        'home',
        'visited',
      ],
    });
  });

  it('leaves out properties without class-validator metadata or @Field', () => {
    expect(Object.keys(jsonSchemaForDto(EveryDecorator).properties)).not.toContain('notDecorated');
  });

  it('compiles once per class and returns the same frozen object', () => {
    const first = jsonSchemaForDto(EveryDecorator);
    expect(jsonSchemaForDto(EveryDecorator)).toBe(first);
    expect(outputSchemaForDto(EveryDecorator)).toBe(first);
    expect(Object.isFrozen(first.properties.tags)).toBe(true);
  });

  it('describes an empty DTO as an object with no properties', () => {
    class NoArgs {}
    expect(jsonSchemaForDto(NoArgs)).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });

  it('includes inherited properties', () => {
    class Base {
      @IsString() id!: string;
    }
    class Child extends Base {
      @IsInt() count!: number;
    }
    expect(jsonSchemaForDto(Child).properties).toEqual({ id: { type: 'string' }, count: { type: 'integer' } });
    expect([...jsonSchemaForDto(Child).required].sort()).toEqual(['count', 'id']);
  });

  it('prefers @IsInt over the reflected number type, whatever the decorator order', () => {
    class A {
      @IsInt() @IsNumber() a!: number;
      @IsNumber() @IsInt() b!: number;
    }
    expect(jsonSchemaForDto(A).properties).toEqual({ a: { type: 'integer' }, b: { type: 'integer' } });
  });

  it('keeps the stricter of two bounds of one kind, whatever the decorator order', () => {
    class A {
      @MinLength(2) @MinLength(5) @MaxLength(9) @MaxLength(7) s!: string;
      @Max(3) @Min(1) @Max(8) @Min(0) n!: number;
    }
    expect(jsonSchemaForDto(A).properties).toEqual({
      s: { type: 'string', minLength: 5, maxLength: 7 },
      n: { type: 'number', minimum: 1, maximum: 3 },
    });
  });

  it('refuses a recursive DTO, naming the property and the cycle', () => {
    class Node {
      @ValidateNested() @Type(() => Node) next!: Node;
    }
    expect(() => jsonSchemaForDto(Node)).toThrow(UnsupportedSchemaError);
    expect(() => jsonSchemaForDto(Node)).toThrow(
      'Node.next: recursive DTO (Node -> Node); recursive schemas are not supported, use @IsObject() for the back reference',
    );
  });

  it('refuses a nested DTO without @ValidateNested and @Type', () => {
    class Inner {
      @IsString() x!: string;
    }
    class Outer {
      @Field({ type: () => Inner }) inner!: Inner;
    }
    expect(() => jsonSchemaForDto(Outer)).toThrow(
      'Outer.inner: nested DTO Inner needs both @ValidateNested() and @Type(() => Inner) to be converted and validated',
    );
  });

  it('throws errors with the UnsupportedSchema code', () => {
    class Loop {
      @ValidateNested() @Type(() => Loop) self!: Loop;
    }
    try {
      jsonSchemaForDto(Loop);
      throw new Error('expected a throw');
    } catch (error) {
      expect((error as UnsupportedSchemaError).code).toBe('TESSERA_UNSUPPORTED_SCHEMA');
    }
  });
});

describe('@Field', () => {
  it('refuses static and symbol properties with InvalidDecoratorUseError', () => {
    const sym = Symbol('s');
    expect(() => {
      class A {
        @Field() static x: string;
      }
      return A;
    }).toThrow('@Field() cannot decorate the static property A.x');
    expect(() => {
      class B {
        @Field() [sym]!: string;
      }
      return B;
    }).toThrow('@Field() needs a string property name, not Symbol(s) on B');
  });
});

describe('frozen schemas', () => {
  it("do not freeze the author's own option values", () => {
    const examples = ['a'];
    const fallback = ['x'];
    class Doc {
      @Field({ examples, default: fallback }) @IsArray() @IsString({ each: true }) tags!: string[];
    }
    expect(jsonSchemaForDto(Doc).properties.tags).toEqual({
      type: 'array',
      items: { type: 'string' },
      examples: ['a'],
      default: ['x'],
    });
    expect(Object.isFrozen(examples)).toBe(false);
    expect(Object.isFrozen(fallback)).toBe(false);
  });
});
