import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as root from 'class-validator';
import * as entry from '@tessera/core/validators';
import { seededRandom } from '../../support/seeded-random';
import { validationOutcome } from '../../support/validation-outcome';

// `@tessera/core/validators`' shareable decorators (validation/shared-constraint.ts) register one constraint class
// per decorator name and `each` where class-validator's root defines one per use. Held here against the root,
// decorator by decorator: the metadata class-validator's readers see, and validate()'s verdicts and messages on
// random values, each decorator used with two different argument lists (a decorator whose validator read its
// arguments would answer the second use with the first's), with and without `each` and a message of its own.
// FUZZ_SEED=n replays one seed.

type Entry = typeof root;
type Decorate = (...args: unknown[]) => PropertyDecorator;

const SHARED = [
  ...readFileSync(path.join(__dirname, '../../../src/validators.ts'), 'utf8').matchAll(
    /export const (\w+) = sharedOnFirstUse</g,
  ),
].map((match) => match[1]!);

const day = (year: number) => new Date(Date.UTC(year, 0, 1));
class Thing {}

/** Two argument lists (validation options left out) per decorator, differing in what they constrain. */
const ARGS: Record<string, [unknown[], unknown[]]> = {
  Equals: [['a'], [1]],
  NotEquals: [['a'], [1]],
  IsIn: [[['a', 'b']], [[1, 2, 'abc']]],
  IsNotIn: [[['a']], [[1, '']]],
  IsDivisibleBy: [[3], [2]],
  Max: [[2], [10]],
  Min: [[2], [-1]],
  MinDate: [[day(2020)], [day(2000)]],
  MaxDate: [[day(2020)], [day(2030)]],
  Contains: [['a'], ['xyz']],
  NotContains: [['a'], ['b']],
  IsAlpha: [[undefined], ['de-DE']],
  IsAlphanumeric: [[undefined], ['de-DE']],
  IsDecimal: [[undefined], [{ decimal_digits: '2' }]],
  IsBase64: [[undefined], [{ urlSafe: true }]],
  IsByteLength: [
    [1, 3],
    [0, undefined],
  ],
  IsCurrency: [[undefined], [{ symbol: '€', require_symbol: true }]],
  IsEmail: [[undefined], [{ allow_display_name: true }]],
  IsFQDN: [[undefined], [{ require_tld: false }]],
  IsIP: [[4], [6]],
  IsISBN: [[10], [13]],
  IsISO8601: [[undefined], [{ strict: true }]],
  IsMobilePhone: [
    ['en-US', undefined],
    ['de-DE', { strictMode: true }],
  ],
  IsUrl: [[undefined], [{ require_protocol: true }]],
  IsUUID: [['4'], ['all']],
  Length: [
    [2, 3],
    [0, 10],
  ],
  MaxLength: [[2], [5]],
  MinLength: [[2], [0]],
  IsPhoneNumber: [['US'], [undefined]],
  IsHash: [['md5'], ['sha1']],
  IsISSN: [[undefined], [{ require_hyphen: true }]],
  IsNumberString: [[undefined], [{ no_symbols: true }]],
  IsIdentityCard: [['ES'], ['any']],
  IsPassportNumber: [['US'], ['DE']],
  IsPostalCode: [['US'], ['any']],
  IsRgbColor: [[false], [true]],
  IsStrongPassword: [[undefined], [{ minLength: 4, minSymbols: 0 }]],
  IsTaxId: [['en-US'], ['de-DE']],
  IsNumber: [[undefined], [{ allowNaN: true, maxDecimalPlaces: 0 }]],
  IsEnum: [[{ A: 'a', B: 'b' }], [{ One: 1, Two: 2 }]],
  ArrayContains: [[[1]], [['a', 'b']]],
  ArrayNotContains: [[[1]], [['a']]],
  ArrayMinSize: [[2], [0]],
  ArrayMaxSize: [[1], [3]],
  IsNotEmptyObject: [[undefined], [{ nullable: true }]],
  IsInstance: [[Date], [Thing]],
  // not shareable (their validators read their arguments): through the entry they register as the root's do
  IsDateString: [[undefined], [{ strict: true }]],
  IsIBAN: [[undefined], [{ whitelist: ['DE'] }]],
  Matches: [[/^a/], ['^b', 'i']],
  ArrayUnique: [[undefined], [(value: unknown) => String(value).length]],
};
const argsOf = (name: string): [unknown[], unknown[]] => ARGS[name] ?? [[], []];

/** Each decorator's uses, one property each: two argument lists, each with and without `each`, one with a message. */
const USES = [
  { suffix: 'a', args: 0, options: undefined },
  { suffix: 'b', args: 1, options: undefined },
  { suffix: 'eachA', args: 0, options: { each: true } },
  { suffix: 'eachB', args: 1, options: { each: true, message: '$property: no ($constraint1)' } },
  { suffix: 'notEach', args: 1, options: { each: false } },
] as const;

const NAMES = [...new Set([...SHARED, ...Object.keys(ARGS)])].sort();

function decorated(v: Entry, names: readonly string[]): new () => Record<string, unknown> {
  class Target {
    [key: string]: unknown;
  }
  for (const name of names)
    for (const use of USES) {
      const args = [...argsOf(name)[use.args]];
      if (use.options) args.push({ ...use.options });
      ((v as unknown as Record<string, Decorate>)[name]!(...args) as PropertyDecorator)(
        Target.prototype,
        `${name}_${use.suffix}`,
      );
    }
  return Target;
}

const storage = root.getMetadataStorage();

// a closure a use builds (ArrayUnique's selector) is a new function per class: compared by source
const sameSource = (value: unknown): unknown =>
  typeof value === 'function' && !/^class /.test(Function.prototype.toString.call(value)) && value !== Date
    ? `function ${value.toString()}`
    : Array.isArray(value)
      ? value.map(sameSource)
      : value;

/** What class-validator's readers see of a class's metadata: every field, the constraint class by its metadata. */
function stored(cls: Function) {
  return storage.getTargetValidationMetadatas(cls, '', true, false).map((meta) => ({
    type: meta.type,
    name: meta.name,
    target: meta.target === cls ? 'the class' : meta.target,
    propertyName: meta.propertyName,
    constraints: sameSource(meta.constraints),
    message: meta.message,
    each: meta.each,
    always: meta.always,
    groups: meta.groups,
    context: meta.context,
    validationTypeOptions: meta.validationTypeOptions,
    constraintCls: meta.constraintCls && {
      name: meta.constraintCls.name,
      metadata: storage.getTargetValidatorConstraints(meta.constraintCls).map(({ name, async }) => ({
        name,
        async,
        validate: typeof (meta.constraintCls.prototype as { validate?: unknown }).validate,
      })),
    },
  }));
}

/** A pool of values the decorators judge differently (strings of many formats, numbers, dates, arrays, objects). */
const STRINGS = [
  '',
  'a',
  'b',
  'abc',
  'ABC',
  'Ada',
  'xyz',
  'hello world',
  '123',
  '-1.5',
  '1.25',
  '0x1f',
  '1e3',
  'true',
  'false',
  '1',
  '0',
  'ada@example.com',
  'Ada <ada@example.com>',
  'not an email',
  'https://example.com/x',
  'example.com',
  'localhost',
  '550e8400-e29b-41d4-a716-446655440000',
  '2020-01-01',
  '2020-13-01',
  '2020-01-01T10:00:00Z',
  '#fff',
  '#zzz',
  '{"a":1}',
  '{',
  '127.0.0.1',
  '::1',
  '+14155552671',
  '4155552671',
  '4111111111111111',
  'dGVzdA==',
  'dGVzdA',
  'MZXW6===',
  'US',
  'USA',
  '840',
  'en',
  'en-US',
  'EUR',
  '€10.00',
  '$1,000.00',
  '507f1f77bcf86cd799439011',
  'ＡＢＣ',
  'abcＡ',
  '😀',
  'Europe/Paris',
  '1.2.3',
  'text/plain',
  '12:30',
  '25:00',
  'd41d8cd98f00b204e9800998ecf8427e',
  'a9993e364706816aba3e25717850c26c9cd0d89d',
  'rgb(1,2,3)',
  'rgb(1%,2%,3%)',
  'hsl(1,2%,3%)',
  'Passw0rd!x',
  'Pw0!',
  '0o17',
  '17',
  '3-16-148410-0',
  '978-3-16-148410-0',
  'data:,x',
  '2049-3630',
  '20493630',
  'DE89370400440532013000',
  'aa',
  'ab',
  'Ba',
  'abcd',
  'X1234567',
  'C01X00T47',
  '12345',
  '12345-6789',
  'AAAABBBBCCCC',
  'DEUTDEFF',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  'eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo',
  '-KQMDMD8sCDSyYWQ0zcA',
  'US-US1-23-45678',
  '5901234123457',
  '123-45-6789',
  'ES',
  'any',
  '2021-02-29',
  'GB82WEST12345698765432',
  'Bc',
  'bx',
];
const NUMBERS = [0, 1, -1, 1.5, 2, 3, 6, 10, 11, 1e21, Number.NaN, Infinity, -Infinity, 255, 65535, 65536, -0.5];
const OTHERS: unknown[] = [
  true,
  false,
  null,
  undefined,
  day(1999),
  day(2010),
  day(2025),
  day(2040),
  new Date(Number.NaN),
  {},
  { a: 1 },
  { a: undefined },
  new Thing(),
  new Map([['a', 1]]),
  new Set([1]),
  Symbol.iterator,
  10n,
];

class Values {
  constructor(private readonly next: () => number) {}
  private pick<T>(from: readonly T[]): T {
    return from[Math.floor(this.next() * from.length)]!;
  }
  scalar(): unknown {
    const kind = this.next();
    return kind < 0.55 ? this.pick(STRINGS) : kind < 0.8 ? this.pick(NUMBERS) : this.pick(OTHERS);
  }
  value(): unknown {
    const kind = this.next();
    if (kind < 0.7) return this.scalar();
    if (kind < 0.8) return [];
    const list = Array.from({ length: 1 + Math.floor(this.next() * 3) }, () => this.scalar());
    return kind < 0.95 ? list : new Set(list);
  }
}

describe('shared constraint classes (@tessera/core/validators) against class-validator', () => {
  const viaRoot = decorated(root, NAMES);
  const viaEntry = decorated(entry as unknown as Entry, NAMES);

  test('the generated entry shares the decorators shareable-constraints.mjs finds, and every one is exercised here', () => {
    expect(SHARED.length).toBeGreaterThan(90);
    expect(SHARED).toEqual(expect.arrayContaining(['IsString', 'IsNumber', 'MinLength', 'IsEnum', 'IsDefined']));
    for (const name of ['IsDateString', 'IsIBAN', 'Matches', 'ArrayUnique', 'ValidateBy', 'Validate', 'Allow'])
      expect([name, SHARED.includes(name)]).toEqual([name, false]);
    for (const name of SHARED)
      expect([name, typeof (root as unknown as Record<string, unknown>)[name]]).toEqual([name, 'function']);
  });

  test("store what class-validator's readers see the same, for every decorator and use", () => {
    const fromEntry = stored(viaEntry);
    expect(fromEntry).toHaveLength(NAMES.length * USES.length);
    expect(fromEntry).toEqual(stored(viaRoot));
  });

  test('one constraint class per shared decorator and `each`, however many uses and classes', () => {
    const again = decorated(entry as unknown as Entry, SHARED);
    const classesOf = (cls: Function) => {
      const byKey = new Map<string, Set<Function>>();
      for (const meta of storage.getTargetValidationMetadatas(cls, '', true, false)) {
        const key = `${meta.propertyName.split('_')[0]} ${meta.each === true}`;
        byKey.set(key, (byKey.get(key) ?? new Set()).add(meta.constraintCls));
      }
      return byKey;
    };
    const first = classesOf(viaEntry);
    const second = classesOf(again);
    for (const name of SHARED)
      for (const each of [false, true]) {
        const key = `${name} ${each}`;
        expect([key, first.get(key)!.size]).toEqual([key, 1]);
        expect([key, [...second.get(key)!][0] === [...first.get(key)!][0]]).toEqual([key, true]);
      }
    // the root defines one per use: what the entry no longer keeps
    const rootClasses = classesOf(viaRoot);
    expect(rootClasses.get('IsString false')!.size).toBe(3);
  });

  test("a use without arguments runs class-validator's factory once, however many uses", () => {
    // every factory makes its decorator with ValidateBy (read from its module at each call): counted there
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module the factories read it from
    const validateBy = require('class-validator/cjs/decorator/common/ValidateBy') as { ValidateBy: Decorate };
    const original = validateBy.ValidateBy;
    let made = 0;
    validateBy.ValidateBy = (...args: unknown[]) => {
      made++;
      return original(...args);
    };
    try {
      for (let i = 0; i < 50; i++) {
        class Dto {}
        (entry.IsLowercase as Decorate)()(Dto.prototype, 'name');
        (entry.IsHexColor as Decorate)()(Dto.prototype, 'colour');
      }
    } finally {
      validateBy.ValidateBy = original;
    }
    // one run each at most (none when an earlier test already used it without arguments): 100 before
    expect(made).toBeLessThanOrEqual(2);
  });

  test('a thousand DTOs decorated through the entry add no constraint class or constraint metadata', () => {
    const constraintMetadatas = (storage as unknown as { constraintMetadatas: Map<Function, unknown[]> })
      .constraintMetadatas;
    const make = () => {
      class Dto {
        text!: string;
        count!: number;
      }
      entry.IsString()(Dto.prototype, 'text');
      entry.MinLength(1)(Dto.prototype, 'text');
      entry.IsInt({ each: true })(Dto.prototype, 'count');
      return Dto;
    };
    make();
    const before = constraintMetadatas.size;
    const dtos = Array.from({ length: 1000 }, make);
    expect(constraintMetadatas.size).toBe(before);
    const classes = new Set(
      dtos.flatMap((dto) => storage.getTargetValidationMetadatas(dto, '', true, false)).map((m) => m.constraintCls),
    );
    expect(classes.size).toBe(3);
  });

  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  const properties = NAMES.flatMap((name) => USES.map((use) => `${name}_${use.suffix}`));
  const sameOutcome = (fill: (property: string, index: number) => unknown, context: object): number => {
    const a = new viaRoot();
    const b = new viaEntry();
    properties.forEach((property, index) => {
      const value = fill(property, index);
      a[property] = value;
      b[property] = value;
    });
    const expected = validationOutcome(root.validateSync(a));
    const actual = validationOutcome(root.validateSync(b));
    if (!isDeepStrictEqual(actual, expected)) expect({ ...context, actual }).toEqual({ ...context, actual: expected });
    return expected.length;
  };

  test('every value of the pool, alone and in an array, on every use: the same verdicts and messages', () => {
    const pool = [...STRINGS, ...NUMBERS, ...OTHERS];
    let failing = 0;
    for (let round = 0; round < pool.length; round++) {
      failing += sameOutcome((_, index) => pool[(round + index) % pool.length], { round });
      sameOutcome((_, index) => [pool[(round + index) % pool.length]], { round, inArray: true });
    }
    // most uses fail on a value of the pool, and not all: both verdicts are exercised
    expect(failing).toBeGreaterThan(pool.length * properties.length * 0.3);
    expect(failing).toBeLessThan(pool.length * properties.length);
  });

  test(`random values and lists: the same verdicts and messages from validate (seed ${seed}; FUZZ_SEED=${seed} replays it)`, async () => {
    const values = new Values(seededRandom(seed));
    for (let round = 0; round < 60; round++) sameOutcome(() => values.value(), { seed, round });
    const a = Object.assign(new viaRoot(), Object.fromEntries(properties.map((p) => [p, values.value()])));
    const b = Object.assign(new viaEntry(), { ...a });
    expect(validationOutcome(await entry.validate(b))).toEqual(validationOutcome(await root.validate(a)));
  });

  test('mixed root and entry decorators, on one property and across classes, store and judge as the root alone', () => {
    const build = (first: Entry, second: Entry) => {
      class Mixed {
        [key: string]: unknown;
      }
      first.IsString()(Mixed.prototype, 'name');
      second.MinLength(2)(Mixed.prototype, 'name');
      first.MaxLength(4, { each: true })(Mixed.prototype, 'tags');
      second.IsString({ each: true })(Mixed.prototype, 'tags');
      second.IsInt()(Mixed.prototype, 'count');
      first.Min(1)(Mixed.prototype, 'count');
      return Mixed;
    };
    const mixedA = build(root, entry as unknown as Entry);
    const mixedB = build(entry as unknown as Entry, root);
    const plain = build(root, root);
    expect(stored(mixedA)).toEqual(stored(plain));
    expect(stored(mixedB)).toEqual(stored(plain));
    const values = new Values(seededRandom(seed + 1));
    for (let round = 0; round < 200; round++) {
      const input = { name: values.value(), tags: values.value(), count: values.value() };
      const expected = validationOutcome(root.validateSync(Object.assign(new plain(), input)));
      expect(validationOutcome(root.validateSync(Object.assign(new mixedA(), input)))).toEqual(expected);
      expect(validationOutcome(entry.validateSync(Object.assign(new mixedB(), input)))).toEqual(expected);
    }
  });
});
