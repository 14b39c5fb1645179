import 'reflect-metadata';
import { Exclude, Expose, plainToInstance, Transform, Type } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { openValidationAccelerator } from '../../../src/accelerators/validation/validation-accelerators';

// copyFlatInput stands in for class-transformer's plainToInstance on flat input to classes it holds
// nothing for; wherever it answers, the answer must be what plainToInstance builds.

const TRANSFORM = { enableImplicitConversion: false, exposeDefaultValues: false };
const accelerator = openValidationAccelerator({
  env: {},
  warn: (message) => {
    throw new Error(message);
  },
})!;
const copyFlatInput = <T>(cls: new () => T, input: Record<string, unknown>) =>
  accelerator.plainToInstance!(cls, input, TRANSFORM);

class Base {
  @IsString() kind = 'base';
}
class Rich extends Base {
  @IsString() name = 'default';
  @IsOptional() count?: number;
  private secret = 1;
  get upper(): string {
    return this.name.toUpperCase();
  }
  get settable(): number {
    return this.secret;
  }
  set settable(value: number) {
    this.secret = value * 2;
  }
  describe(): string {
    return this.name;
  }
}
class Empty {}

const inputs: Array<Record<string, unknown>> = [
  {},
  { name: 'a', count: 3 },
  { name: 'a', count: undefined, extra: null, flag: true },
  { upper: 'x', describe: 'y', settable: 4, kind: 'k' },
  JSON.parse('{"__proto__": "p", "constructor": "c", "name": "z"}'),
];

function sameAs(actual: unknown, expected: unknown): void {
  expect(Object.getPrototypeOf(actual)).toBe(Object.getPrototypeOf(expected));
  expect(Object.getOwnPropertyNames(actual)).toEqual(Object.getOwnPropertyNames(expected));
  for (const key of Object.getOwnPropertyNames(expected))
    expect((actual as Record<string, unknown>)[key]).toBe((expected as Record<string, unknown>)[key]);
}

describe('copyFlatInput', () => {
  test.each([Rich, Base, Empty])('builds what plainToInstance builds for %p', (cls) => {
    for (const input of inputs) {
      const copied = copyFlatInput(cls, input);
      expect(copied).toBeDefined();
      sameAs(copied, plainToInstance(cls, input, TRANSFORM));
    }
  });

  test('leaves nested input to class-transformer', () => {
    expect(copyFlatInput(Rich, { name: 'a', inner: { deep: 1 } })).toBeUndefined();
    expect(copyFlatInput(Rich, { tags: ['a'] })).toBeUndefined();
  });

  test('leaves a class with any transformer metadata (own or inherited, property or class) to class-transformer', () => {
    class Typed {
      @Type(() => Base) base?: Base;
    }
    class Transformed {
      @Transform(({ value }) => String(value).trim()) name?: string;
    }
    class Renamed {
      @Expose({ name: 'n' }) name?: string;
    }
    @Exclude()
    class Hidden {
      name?: string;
    }
    class Heir extends Transformed {}
    for (const cls of [Typed, Transformed, Renamed, Hidden, Heir] as Array<new () => object>)
      expect(copyFlatInput(cls, { name: ' a ' })).toBeUndefined();
  });
});
