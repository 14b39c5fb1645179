import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as root from 'class-validator';
import * as entry from '@tessera/core/validators';
import { validationOutcome } from '../support/validation-outcome';

// `@tessera/core/validators` mirrors class-validator's root value for value (each loaded from its own file on
// first use): the same names, the same constants and classes, decorators that store the same metadata and
// give the same messages. A class-validator upgrade that adds or drops a value fails here until
// scripts/validators/generate-validators-entry.mjs is rerun.

const rootValues = root as unknown as Record<string, unknown>;
const entryValues = entry as unknown as Record<string, unknown>;
const valueNames = (module: Record<string, unknown>) =>
  Object.keys(module)
    .filter((name) => name !== '__esModule')
    .sort();

describe('@tessera/core/validators', () => {
  test("exports exactly the values class-validator's root exports, constants and classes the same", () => {
    expect(valueNames(entryValues)).toEqual(valueNames(rootValues));
    for (const name of valueNames(rootValues)) {
      const value = rootValues[name];
      const isClass = typeof value === 'function' && /^class /.test(Function.prototype.toString.call(value));
      if (typeof value !== 'function' || isClass) expect([name, entryValues[name]]).toEqual([name, value]);
      else
        expect([name, typeof entryValues[name], (entryValues[name] as Function).name]).toEqual([
          name,
          'function',
          name,
        ]);
    }
  });

  test("its functions behave as the root's: checks, containers, validate", async () => {
    expect(entry.isEmail('ada@example.com')).toBe(true);
    expect(entry.isEmail('nope')).toBe(false);
    expect(entry.isPhoneNumber('+14155552671')).toBe(root.isPhoneNumber('+14155552671'));
    expect(entry.getMetadataStorage()).toBe(root.getMetadataStorage());
    expect(entry.getFromContainer(entry.Validator)).toBe(root.getFromContainer(root.Validator));
    class Named {
      @entry.MinLength(3)
      name = 'Al';
    }
    const messages = (errors: root.ValidationError[]) => errors.map((error) => error.constraints);
    expect(messages(await entry.validate(new Named()))).toEqual(messages(await root.validate(new Named())));
    expect(messages(entry.validateSync(new Named()))).toEqual([
      { minLength: 'name must be longer than or equal to 3 characters' },
    ]);
    await expect(entry.validateOrReject(new Named())).rejects.toHaveLength(1);
  });

  test('is what scripts/validators/generate-validators-entry.mjs writes (its shareable decorators included)', () => {
    const script = path.join(
      __dirname,
      '..',
      '..',
      '..',
      '..',
      'scripts',
      'validators',
      'generate-validators-entry.mjs',
    );
    expect(() =>
      execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8', stdio: 'pipe' }),
    ).not.toThrow();
  });

  test('a .mjs file imports every value by name (Node detects the names of this CommonJS entry)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'validators-esm-'));
    try {
      const names = valueNames(rootValues);
      const file = path.join(dir, 'import-all.mjs');
      const built = path.join(__dirname, '..', '..', 'dist', 'validators.js');
      writeFileSync(
        file,
        `import { ${names.join(', ')} } from ${JSON.stringify(built)};\n` +
          `const values = [${names.join(', ')}];\n` +
          `process.stdout.write(JSON.stringify({ count: values.length, defined: values.every((value) => value !== undefined), isString: IsString.name, IS_STRING }));\n`,
      );
      const out = JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' })) as object;
      expect(out).toEqual({ count: names.length, defined: true, isString: 'IsString', IS_STRING: 'isString' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// One decorator of each kind (common, type, number, date, string, array, object; with options and `each`),
// applied through both entries, and a value each fails with.
type Entry = typeof root;
const CASES: Array<[(v: Entry) => PropertyDecorator, unknown]> = [
  [(v) => v.IsDefined(), undefined],
  [(v) => v.Equals('a', { message: 'must be a' }), 'b'],
  [(v) => v.NotEquals('a'), 'a'],
  [(v) => v.IsEmpty(), 'x'],
  [(v) => v.IsNotEmpty(), ''],
  [(v) => v.IsIn(['a', 'b']), 'c'],
  [(v) => v.IsNotIn(['a']), 'a'],
  [(v) => v.IsBoolean(), 'yes'],
  [(v) => v.IsDate(), 'today'],
  [(v) => v.IsNumber({ maxDecimalPlaces: 1 }), 1.25],
  [(v) => v.IsInt({ each: true }), [1, 1.5]],
  [(v) => v.IsString({ each: true, message: 'strings only' }), ['a', 1]],
  [(v) => v.IsArray(), 'a'],
  [(v) => v.IsObject(), 1],
  [(v) => v.IsEnum({ A: 'a' }), 'b'],
  [(v) => v.IsDivisibleBy(3), 4],
  [(v) => v.IsPositive(), -1],
  [(v) => v.IsNegative(), 1],
  [(v) => v.Min(2), 1],
  [(v) => v.Max(2), 3],
  [(v) => v.MinDate(new Date(2020, 0, 1)), new Date(2019, 0, 1)],
  [(v) => v.MaxDate(new Date(2020, 0, 1)), new Date(2021, 0, 1)],
  [(v) => v.Contains('x'), 'abc'],
  [(v) => v.NotContains('a'), 'abc'],
  [(v) => v.IsAlpha(), 'a1'],
  [(v) => v.IsAlphanumeric(), 'a-'],
  [(v) => v.IsEmail(), 'nope'],
  [(v) => v.IsUrl({ require_protocol: true }), 'example.com'],
  [(v) => v.IsUUID('4'), 'x'],
  [(v) => v.IsISO8601({ strict: true }), '2020-13-01'],
  [(v) => v.IsPhoneNumber('US'), '123'],
  [(v) => v.IsMobilePhone('en-US'), '1'],
  [(v) => v.IsPostalCode('US'), 'abc'],
  [(v) => v.IsHexColor(), 'zz'],
  [(v) => v.IsJSON(), '{'],
  [(v) => v.IsIP(4), '::1'],
  [(v) => v.Length(2, 3), 'abcd'],
  [(v) => v.MinLength(2), 'a'],
  [(v) => v.MaxLength(2, { message: (args) => `${args.property} too long` }), 'abc'],
  [(v) => v.Matches(/^a/), 'b'],
  [(v) => v.IsStrongPassword(), 'weak'],
  [(v) => v.IsDateString(), 'x'],
  [(v) => v.IsNumberString(), 'x'],
  [(v) => v.ArrayContains([1]), [2]],
  [(v) => v.ArrayNotContains([1]), [1]],
  [(v) => v.ArrayNotEmpty(), []],
  [(v) => v.ArrayMinSize(2), [1]],
  [(v) => v.ArrayMaxSize(1), [1, 2]],
  [(v) => v.ArrayUnique(), [1, 1]],
  [(v) => v.IsNotEmptyObject(), {}],
  [(v) => v.IsInstance(Date), 'x'],
  [(v) => v.ValidateIf(() => true), undefined],
  [(v) => v.IsOptional(), undefined],
  [(v) => v.Allow(), 'anything'],
  [(v) => v.ValidateNested(), 'x'],
  [
    (v) =>
      v.ValidateBy({
        name: 'isAda',
        validator: { validate: (value) => value === 'Ada', defaultMessage: () => 'not Ada' },
      }),
    'Bob',
  ],
];

describe('decorators through both entries', () => {
  function decorated(v: Entry): new () => Record<string, unknown> {
    class Target {
      [key: string]: unknown;
      constructor() {
        CASES.forEach(([, value], i) => (this[`p${i}`] = value));
      }
    }
    CASES.forEach(([decorate], i) => decorate(v)(Target.prototype, `p${i}`));
    return Target;
  }
  const viaRoot = decorated(root);
  const viaEntry = decorated(entry as unknown as Entry);

  // a closure a case builds (ValidateIf's condition, ValidateBy's validator) is a new function per class: compared by source
  const sameSource = (value: unknown): unknown =>
    typeof value === 'function' && !/^class /.test(Function.prototype.toString.call(value)) && value !== Date
      ? `function ${value.toString()}`
      : Array.isArray(value)
        ? value.map(sameSource)
        : value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, sameSource(inner)]))
          : value;

  test('store the same metadata', () => {
    const stored = (cls: Function) =>
      root
        .getMetadataStorage()
        .getTargetValidationMetadatas(cls, '', true, false)
        .map(
          ({
            type,
            name,
            propertyName,
            constraints,
            message,
            each,
            always,
            groups,
            context,
            validationTypeOptions,
          }) => ({
            type,
            name,
            propertyName,
            constraints: sameSource(constraints),
            message: sameSource(message),
            each,
            always,
            groups,
            context,
            validationTypeOptions,
          }),
        );
    const fromEntry = stored(viaEntry);
    expect(fromEntry).toHaveLength(stored(viaRoot).length);
    expect(fromEntry.length).toBeGreaterThanOrEqual(CASES.length);
    expect(fromEntry).toEqual(stored(viaRoot));
  });

  test('give the same messages from validate', async () => {
    const fromEntry = validationOutcome(await entry.validate(new viaEntry()));
    expect(fromEntry).toEqual(validationOutcome(await root.validate(new viaRoot())));
    // every case but the ones that only mark a property (ValidateIf, IsOptional, Allow) fails
    expect(fromEntry.length).toBe(CASES.length - 3);
  });
});
