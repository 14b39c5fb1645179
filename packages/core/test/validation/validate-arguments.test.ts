import { Type } from 'class-transformer';
// as an app gets it: the validation accelerator on (its per-call cost is tested below)
import '../../src/accelerators/validation/install-validation-accelerator';
import {
  getMetadataStorage,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Min,
  MinLength,
  registerDecorator,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { Field } from '../../src/decorators/field.decorator';
import { UnsupportedSchemaError } from '../../src/errors/definition/unsupported-schema.error';
import { formatValidationIssues } from '../../src/validation/format-validation-issues';
import { validateArguments } from '../../src/validation/validate-arguments';
import { dtoNeedsAsyncValidation, validateDto } from '../../src/validation/validate-dto';
import { validateOutput } from '../../src/validation/validate-output';

class Disk {
  @IsString() name!: string;
  @IsInt() @Min(1) sizeGb!: number;
}

class Provision {
  @IsIn(['eu', 'us']) region!: string;
  @IsInt() @Min(1) size!: number;
  @IsOptional() @IsBoolean() dryRun?: boolean;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Disk) disks?: Disk[];
  @IsOptional() @ValidateNested() @Type(() => Disk) boot?: Disk;
}

describe('validateArguments', () => {
  it('reports an absent required field as required, and only that', () => {
    class Named {
      @Field({ description: 'Machine name' }) @IsString() @MinLength(3) name!: string;
      @IsInt() @Min(1) size!: number;
    }
    const result = validateArguments(Named, { size: 0 });
    expect(!result.ok && result.message).toBe('name: name is required; size: size must not be less than 1');
    const nested = validateArguments(Provision, { region: 'eu', size: 1, boot: { sizeGb: 1 } });
    expect(!nested.ok && nested.message).toBe('boot.name: name is required');
  });

  it('returns an instance of the DTO, with nested DTOs converted', () => {
    const result = validateArguments(Provision, {
      region: 'eu',
      size: 2,
      disks: [{ name: 'a', sizeGb: 10 }],
      boot: { name: 'b', sizeGb: 1 },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toBeInstanceOf(Provision);
    expect(result.value.disks?.[0]).toBeInstanceOf(Disk);
    expect(result.value.boot).toBeInstanceOf(Disk);
    expect(result.value).toEqual({
      region: 'eu',
      size: 2,
      disks: [{ name: 'a', sizeGb: 10 }],
      boot: { name: 'b', sizeGb: 1 },
    });
  });

  it('names every bad field and why, in one message', () => {
    const result = validateArguments(Provision, { region: 'mars', size: 0 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual(['region', 'size']);
    expect(result.issues[1]!.constraints).toEqual({ min: 'size must not be less than 1' });
    expect(result.message).toBe(
      'region: region must be one of the following values: eu, us; size: size must not be less than 1',
    );
    expect(formatValidationIssues(result.issues)).toBe(result.message);
  });

  it('reports missing required fields', () => {
    const result = validateArguments(Provision, {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual(['region', 'size']);
  });

  it('gives nested paths with array indexes', () => {
    const result = validateArguments(Provision, {
      region: 'eu',
      size: 1,
      disks: [
        { name: 'ok', sizeGb: 1 },
        { name: 3, sizeGb: 0 },
      ],
      boot: { name: 'b' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual(['disks.1.name', 'disks.1.sizeGb', 'boot.sizeGb']);
    expect(result.message).toContain('disks.1.name: name must be a string');
    expect(result.message).toContain('boot.sizeGb: sizeGb is required');
  });

  it('names unknown fields as such, at any depth', () => {
    const result = validateArguments(Provision, {
      region: 'eu',
      size: 1,
      color: 'red',
      boot: { name: 'b', sizeGb: 1, extra: 1 },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      {
        path: 'color',
        constraints: { unknownField: 'color is not a known field' },
        messages: ['color is not a known field'],
      },
      {
        path: 'boot.extra',
        constraints: { unknownField: 'extra is not a known field' },
        messages: ['extra is not a known field'],
      },
    ]);
  });

  it('refuses a nested value that is not an object', () => {
    const result = validateArguments(Provision, { region: 'eu', size: 1, boot: 'disk' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual(['boot']);
  });

  it.each([
    [null, 'arguments must be an object, got null'],
    [[1, 2], 'arguments must be an object, got an array'],
    ['region=eu', 'arguments must be an object, got a string'],
    [42, 'arguments must be an object, got a number'],
    [new Date(0), 'arguments must be an object, got a non-plain object'],
  ])('refuses non-object input %p with a clear issue', (input, message) => {
    const result = validateArguments(Provision, input);
    expect(result).toEqual({
      ok: false,
      issues: [{ path: '', constraints: { isObject: message }, messages: [message] }],
      message,
    });
  });

  it('treats missing arguments (undefined) as an empty object', () => {
    class NoArgs {}
    const result = validateArguments(NoArgs, undefined);
    expect(result.ok && result.value).toBeInstanceOf(NoArgs);
  });

  it('refuses unknown fields on a DTO with no properties', () => {
    class NoArgs {}
    const result = validateArguments(NoArgs, { x: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe('x: x is not a known field');
  });

  it('makes a __proto__ pollution attempt harmless', () => {
    const input = JSON.parse(
      '{"region":"eu","size":1,"__proto__":{"polluted":true,"size":99},"boot":{"name":"b","sizeGb":1,"__proto__":{"polluted":true}},"constructor":{"prototype":{"polluted":true}}}',
    );
    const result = validateArguments(Provision, input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.getPrototypeOf(result.value)).toBe(Provision.prototype);
    expect(Object.getPrototypeOf(result.value.boot)).toBe(Disk.prototype);
    expect(result.value.size).toBe(1);
    expect((result.value as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(result.value, 'constructor')).toBe(false);
  });

  it.each(['hasOwnProperty', 'isPrototypeOf', 'toString'])('never lets a method name (%s) onto the instance', (key) => {
    // class-transformer drops keys that name a method of the target; nothing shadows the method.
    const result = validateArguments(Provision, { region: 'eu', size: 1, [key]: 'x' });
    expect(result.ok && Object.hasOwn(result.value, key)).toBe(false);
  });

  it("does not modify the caller's input", () => {
    const input = JSON.parse('{"region":"eu","size":1,"__proto__":{"x":1}}');
    validateArguments(Provision, input);
    expect(Object.keys(input)).toEqual(['region', 'size', '__proto__']);
  });

  it('refuses input nested absurdly deep instead of overflowing the stack', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100; i++) deep = { a: deep };
    const result = validateArguments(Provision, { region: 'eu', size: 1, deep });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe('arguments must not be nested more than 64 levels deep');
  });

  it('converts strings for number and boolean properties only with implicitConversion (prompts)', () => {
    class PromptArgs {
      @IsInt() count!: number;
      @IsBoolean() loud!: boolean;
      @IsString() topic!: string;
    }
    expect(validateArguments(PromptArgs, { count: '3', loud: 'false', topic: '7' }).ok).toBe(false);
    const converted = validateArguments(
      PromptArgs,
      { count: '3', loud: 'false', topic: '7' },
      { implicitConversion: true },
    );
    expect(converted.ok && converted.value).toEqual({ count: 3, loud: false, topic: '7' });
    const bad = validateArguments(
      PromptArgs,
      { count: 'three', loud: 'yes', topic: 'x' },
      { implicitConversion: true },
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => i.path)).toEqual(['count', 'loud']);
    const empty = validateArguments(PromptArgs, { count: '', loud: 'true', topic: 'x' }, { implicitConversion: true });
    expect(empty.ok).toBe(false);
  });

  it('keeps @Field-only properties (whitelisted) and honours optional: true', () => {
    class Documented {
      @Field({ description: 'anything' }) note!: string;
      @Field({ optional: true }) @IsString() maybe?: string;
    }
    const result = validateArguments(Documented, { note: 'hi' });
    expect(result.ok && result.value).toEqual({ note: 'hi' });
  });
});

function IsSlowlyEven(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isSlowlyEven',
      target: target.constructor,
      propertyName: propertyName as string,
      async: true,
      validator: {
        validate: async (value: unknown) => typeof value === 'number' && value % 2 === 0,
        defaultMessage: (args?: ValidationArguments) => `${args?.property} must be even`,
      },
    });
}

describe('validateDto (async)', () => {
  class Even {
    @IsSlowlyEven() n!: number;
  }

  it('runs async constraints', async () => {
    expect(dtoNeedsAsyncValidation(Even)).toBe(true);
    expect(dtoNeedsAsyncValidation(Provision)).toBe(false);
    expect((await validateDto(Even, { n: 2 })).ok).toBe(true);
    const bad = await validateDto(Even, { n: 3 });
    expect(!bad.ok && bad.message).toBe('n: n must be even');
  });

  it('sees an async constraint on a later property or in a nested DTO, and none where there is none', () => {
    class LaterEven {
      @IsString() label!: string;
      @IsSlowlyEven() n!: number;
    }
    class HoldsEven {
      @IsString() label!: string;
      @ValidateNested() @Type(() => Even) inner!: Even;
    }
    class HoldsDisk {
      @ValidateNested() @Type(() => Disk) disk!: Disk;
      @IsString() label!: string;
    }
    expect(dtoNeedsAsyncValidation(LaterEven)).toBe(true);
    expect(dtoNeedsAsyncValidation(HoldsEven)).toBe(true);
    expect(dtoNeedsAsyncValidation(HoldsDisk)).toBe(false);
  });

  it('is refused by the sync path with a clear error', () => {
    expect(() => validateArguments(Even, { n: 2 })).toThrow(UnsupportedSchemaError);
    expect(() => validateArguments(Even, { n: 2 })).toThrow(
      'Even: has asynchronous constraints; validate it with validateDto (async)',
    );
  });

  it('gives the same results as the sync path for sync DTOs', async () => {
    expect(await validateDto(Provision, { region: 'x', size: 1 })).toEqual(
      validateArguments(Provision, { region: 'x', size: 1 }),
    );
  });
});

describe('validateOutput', () => {
  it('accepts an instance or a plain object, and names bad fields', () => {
    const disk = Object.assign(new Disk(), { name: 'a', sizeGb: 2 });
    expect(validateOutput(Disk, disk)).toEqual({ ok: true, value: disk });
    const plain = validateOutput(Disk, { name: 'a', sizeGb: 2 });
    expect(plain.ok && plain.value).toBeInstanceOf(Disk);
    const bad = validateOutput(Disk, { name: 'a', sizeGb: 0, secret: 'x' });
    expect(!bad.ok && bad.message).toBe('secret: secret is not a known field; sizeGb: sizeGb must not be less than 1');
    const shadowing = Object.assign(new Disk(), { name: 'a', sizeGb: 2, hasOwnProperty: 1, isPrototypeOf: 2 });
    const refused = validateOutput(Disk, shadowing);
    expect(!refused.ok && refused.message).toBe(
      'hasOwnProperty: hasOwnProperty is not a known field; isPrototypeOf: isPrototypeOf is not a known field',
    );
    const notObject = validateOutput(Disk, 'text');
    expect(!notObject.ok && notObject.message).toBe('output must be an object, got a string');
  });
});

describe('per-call cost', () => {
  it("does not rescan class-validator's store after the first call for a class (O(fields), not O(classes))", () => {
    const storage = getMetadataStorage();
    validateArguments(Provision, { region: 'eu', size: 1, boot: { name: 'b', sizeGb: 1 } });
    const scan = jest.spyOn(storage, 'getTargetValidationMetadatas');
    try {
      const result = validateArguments(Provision, { region: 'eu', size: 1, boot: { name: 'b', sizeGb: 1 } });
      expect(result.ok).toBe(true);
      expect(scan).not.toHaveBeenCalled();
    } finally {
      scan.mockRestore();
    }
  });

  it('keeps parent and child classes apart in the per-class cache', () => {
    class Base {
      @IsString() id!: string;
    }
    class Child extends Base {
      @IsInt() count!: number;
    }
    expect(validateArguments(Base, { id: 'a' }).ok).toBe(true);
    expect(validateArguments(Base, { id: 'a', count: 1 }).ok).toBe(false);
    expect(validateArguments(Child, { id: 'a', count: 1 }).ok).toBe(true);
    const missing = validateArguments(Child, { count: 1 });
    expect(!missing.ok && missing.message).toBe('id: id is required');
  });
});
