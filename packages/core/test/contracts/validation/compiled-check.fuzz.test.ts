import 'reflect-metadata';
import { isDeepStrictEqual } from 'node:util';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsDateString,
  IsDefined,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNotIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
  ValidatorConstraint,
  Validate,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { Type } from 'class-transformer';
import { compileDtoModel } from '../../../src/schema/dto-model';
import { KNOWN_CONSTRAINTS } from '../../../src/accelerators/validation/known-constraints';
import { openValidationAccelerator } from '../../../src/accelerators/validation/validation-accelerators';
import { prepareInstance } from '../../../src/validation/prepare-instance';
import { runValidationSync } from '../../../src/validation/run-class-validator';
import { schemaShapeIssues } from '../../../src/validation/schema-shape-issues';
import { validateArguments } from '../../../src/validation/validate-arguments';
import { finish } from '../../../src/validation/validation-result';
import type { ValidateOptions } from '../../../src/validation/validate-options';
import type { ValidationResult } from '../../../src/validation/validation-issue';
import { VALIDATOR_OPTIONS } from '../../../src/validation/validator-options';
import { seededRandom } from '../../support/seeded-random';

// (This file imports core's modules, not an entry: no accelerator is installed, so runValidationSync and
// validateArguments below are the public path, class-validator's root alone.)
const accelerator = openValidationAccelerator({
  env: {},
  warn: (message) => {
    throw new Error(message);
  },
})!;
const compiledCheckFor = (cls: Function, options: typeof VALIDATOR_OPTIONS) => accelerator.compiledCheck!(cls, options);

// The compiled check against class-validator itself, on random inputs: the same verdict on every instance,
// and validateArguments' whole result (verdict, issues, messages, their order) the same as with
// class-validator alone. FUZZ_SEED=n replays one seed.

enum Colour {
  Red = 'red',
  Blue = 'blue',
}

class Basics {
  @IsString() @MinLength(2) @MaxLength(8) name!: string;
  @IsInt() @Min(1) @Max(10) count!: number;
  @IsOptional() @IsNumber() @IsPositive() ratio?: number;
  @IsOptional() @IsBoolean() flag?: boolean;
  @IsIn(['eu', 'us']) region!: string;
  @IsOptional() @IsEnum(Colour) colour?: Colour;
  @IsOptional() @IsNotIn(['root', 'admin']) @IsString() @IsNotEmpty() user?: string;
}

class Formats {
  @IsOptional() @IsEmail() email?: string;
  @IsOptional() @IsUrl() site?: string;
  @IsOptional() @IsUUID() id?: string;
  @IsOptional() @IsDateString() when?: string;
  @IsOptional() @Matches(/^[a-z]+-\d+$/) code?: string;
  @IsOptional() @Length(3, 5) short?: string;
}

class Lists {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(3) @IsString({ each: true }) tags!: string[];
  @IsOptional() @IsArray() @ArrayNotEmpty() @IsInt({ each: true }) @Min(0, { each: true }) scores?: number[];
  @IsOptional() @IsObject() extra?: Record<string, unknown>;
}

class Conditions {
  @IsIn(['email', 'sms']) via!: string;
  @ValidateIf((o: Conditions) => o.via === 'email') @IsEmail() address?: string;
  @IsDefined() @IsString() note!: string;
  @Allow() anything?: unknown;
}

@ValidatorConstraint({ name: 'isEven' })
class IsEven implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'number' && value % 2 === 0;
  }
}

class Custom {
  @Validate(IsEven) @IsInt() n!: number;
}

class Inner {
  @IsString() label!: string;
}

class Nested {
  @ValidateNested() @Type(() => Inner) inner!: Inner;
}

// Per field, values that pass (most inputs are near-valid, so both verdicts are common); anything else at random.
const GOOD: Record<string, Record<string, unknown[]>> = {
  Basics: {
    name: ['ab', 'web1', 'abcdefgh'],
    count: [1, 5, 10],
    ratio: [0.5, 3],
    flag: [true, false],
    region: ['eu', 'us'],
    colour: ['red', 'blue'],
    user: ['ann', 'bob'],
  },
  Formats: {
    email: ['a@b.co'],
    site: ['https://example.com/x'],
    id: ['a8098c1a-f86e-11da-bd1a-00112444be1e'],
    when: ['2026-12-04T13:00:00Z'],
    code: ['abc-12'],
    short: ['abcd'],
  },
  Lists: { tags: [['a'], ['a', 'b', 'c']], scores: [[0, 3]], extra: [{ k: 1 }, {}] },
  Conditions: { via: ['email', 'sms'], address: ['a@b.co'], note: ['', 'hi'], anything: [1, 'x', null] },
};
const COMPILED = [Basics, Formats, Lists, Conditions];

class Values {
  constructor(readonly random: () => number) {}
  pick<T>(from: readonly T[]): T {
    return from[(this.random() * from.length) | 0]!;
  }
  string(): string {
    return this.pick([
      '',
      'a',
      'ab',
      'abcdefgh',
      'abcdefghi',
      'eu',
      'us',
      'EU',
      'red',
      'blue',
      'root',
      'admin',
      'email',
      'sms',
      '  ',
      'a@b.co',
      'not an email',
      'https://example.com/x',
      'ftp//nope',
      'a8098c1a-f86e-11da-bd1a-00112444be1e',
      '2026-12-04T13:00:00Z',
      '2026-13-45',
      'abc-12',
      'abc12',
      '42',
      'true',
      'ünï',
      String(this.random()),
    ]);
  }
  number(): number {
    return this.pick([0, 1, 2, 5, 10, 11, -1, 0.5, 2.5, 1e21, -0, Number.MAX_SAFE_INTEGER + 2, NaN, Infinity]);
  }
  value(depth = 0): unknown {
    const r = this.random();
    if (r < 0.3) return this.string();
    if (r < 0.55) return this.number();
    if (r < 0.62) return this.random() < 0.5;
    if (r < 0.68) return null;
    if (depth < 2 && r < 0.85) return Array.from({ length: (this.random() * 5) | 0 }, () => this.value(depth + 1));
    if (depth < 2 && r < 0.95) return { k: this.value(depth + 1) };
    return undefined;
  }
  input(good: Record<string, unknown[]>): Record<string, unknown> {
    const input: Record<string, unknown> = {};
    for (const [field, values] of Object.entries(good)) {
      if (this.random() < 0.25) continue;
      input[field] = this.random() < 0.9 ? this.pick(values) : this.value();
    }
    if (this.random() < 0.05) input[this.pick(['other', 'hasOwnProperty', 'toString', 'x'])] = this.value();
    return input;
  }
}

/** validateArguments as it was before the compiled check: class-validator alone. */
function reference<T>(cls: new () => T, input: unknown, options: ValidateOptions): ValidationResult<T> {
  const model = compileDtoModel(cls);
  const prepared = prepareInstance<T>(model, input, options);
  if (prepared.done) return prepared.result;
  const instance = prepared.instance as object;
  return finish(prepared.instance, runValidationSync(instance, VALIDATOR_OPTIONS), schemaShapeIssues(model, instance));
}

const plainResult = (r: ValidationResult<unknown>) =>
  r.ok ? { ok: true, type: (r.value as object).constructor.name, value: { ...(r.value as object) } } : r;

describe('compiled checks against class-validator', () => {
  it('compiles DTOs made of known constraints, and leaves the others to class-validator', () => {
    for (const cls of COMPILED) expect(compiledCheckFor(cls, VALIDATOR_OPTIONS)).toBeInstanceOf(Function);
    expect(compiledCheckFor(Custom, VALIDATOR_OPTIONS)).toBeUndefined(); // a constraint of the user's own
    expect(compiledCheckFor(Nested, VALIDATOR_OPTIONS)).toBeUndefined(); // nested validation
    expect(compiledCheckFor(Basics, { ...VALIDATOR_OPTIONS, groups: ['a'] })).toBeUndefined();
    expect(compiledCheckFor(Basics, { ...VALIDATOR_OPTIONS, forbidNonWhitelisted: false })).toBeUndefined();
  });

  it('runs every known constraint in the DTOs below', () => {
    const used = new Set<string>();
    for (const cls of COMPILED) {
      const { getMetadataStorage } = jest.requireActual<typeof import('class-validator')>('class-validator');
      const store = getMetadataStorage();
      for (const meta of store.getTargetValidationMetadatas(cls, '', false, false))
        for (const c of store.getTargetValidatorConstraints(meta.constraintCls)) used.add(c.name);
    }
    expect([...KNOWN_CONSTRAINTS].filter((name) => !used.has(name))).toEqual([]);
  });

  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  test(`random inputs: same verdicts and messages (seed ${seed}; FUZZ_SEED=${seed} replays it)`, () => {
    const w = new Values(seededRandom(seed));
    let valid = 0;
    let invalid = 0;
    for (let round = 0; round < 6000; round++) {
      const cls = w.pick(COMPILED) as new () => object;
      const input = w.input(GOOD[cls.name]!);
      const options: ValidateOptions = w.random() < 0.2 ? { implicitConversion: true } : {};
      const context = () => `seed ${seed}, round ${round}, ${cls.name} ${JSON.stringify(input)}`;
      const prepared = prepareInstance(compileDtoModel(cls), input, options);
      if (!prepared.done) {
        const instance = prepared.instance as object;
        const verdict = compiledCheckFor(cls, VALIDATOR_OPTIONS)!(instance);
        const clean = runValidationSync(instance, VALIDATOR_OPTIONS).length === 0;
        if (verdict !== clean) expect({ context: context(), verdict }).toEqual({ context: context(), verdict: clean });
      }
      const got = plainResult(validateArguments(cls, input, options));
      const expected = plainResult(reference(cls, input, options));
      // compared as JSON too: the order of issues and of each issue's messages is part of the answer
      if (!isDeepStrictEqual(got, expected) || JSON.stringify(got) !== JSON.stringify(expected))
        expect({ context: context(), got }).toEqual({ context: context(), got: expected });
      if (expected.ok) valid++;
      else invalid++;
    }
    process.stdout.write(`seed ${seed}: ${valid} valid, ${invalid} invalid, same answers\n`);
    expect(valid).toBeGreaterThan(300);
    expect(invalid).toBeGreaterThan(300);
  });
});
