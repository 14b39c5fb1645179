import { errorBrand, TESSERA_ERROR_BRAND } from '@tessera/common';

const CODES = { Broken: 'TESSERA_BROKEN', Lost: 'TESSERA_LOST' } as const;
type Code = (typeof CODES)[keyof typeof CODES];

class OwnError extends Error {
  constructor(
    readonly code: Code,
    brand = errorBrand('@tessera/own', CODES),
  ) {
    super('own');
    brand.mark(this);
  }
}

describe('errorBrand', () => {
  const brand = errorBrand('@tessera/own', CODES);

  test("recognises its package's errors by the brand and a code of the package's table", () => {
    expect(brand.isInstance(new OwnError(CODES.Broken))).toBe(true);
    expect(brand.isInstance(new OwnError(CODES.Lost))).toBe(true);
  });

  test('refuses another package, a foreign code, an unbranded error and non-objects', () => {
    const other = errorBrand('@tessera/other', CODES);
    expect(other.isInstance(new OwnError(CODES.Broken))).toBe(false);
    expect(brand.isInstance(Object.assign(new OwnError(CODES.Broken), { code: 'TESSERA_ELSEWHERE' }))).toBe(false);
    expect(brand.isInstance(Object.assign(new Error('plain'), { code: CODES.Broken }))).toBe(false);
    for (const value of [undefined, null, 'TESSERA_BROKEN', 42, { code: CODES.Broken }])
      expect(brand.isInstance(value)).toBe(false);
  });

  test('a look-alike carrying the brand of the package and a code of its table is taken (the brand is the contract)', () => {
    const forged = Object.assign(new Error('x'), { [TESSERA_ERROR_BRAND]: '@tessera/own', code: CODES.Lost });
    expect(brand.isInstance(forged)).toBe(true);
  });

  test('the brand is not enumerable: serialising or spreading an error never carries it', () => {
    const error = new OwnError(CODES.Broken);
    expect(Object.keys(error)).toEqual(['code']);
    expect(TESSERA_ERROR_BRAND in { ...error }).toBe(false);
    expect((error as unknown as Record<symbol, unknown>)[TESSERA_ERROR_BRAND]).toBe('@tessera/own');
  });

  test('a second loaded copy of the package recognises the first copy’s errors, and the other way round', () => {
    let second: typeof import('@tessera/common') | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      second = require('../src') as typeof import('@tessera/common');
    });
    if (second === undefined) throw new Error('the second copy did not load');
    expect(second.errorBrand).not.toBe(errorBrand); // really a second copy
    expect(second.TESSERA_ERROR_BRAND).toBe(TESSERA_ERROR_BRAND); // one registered symbol
    const theirs = second.errorBrand('@tessera/own', CODES);
    expect(theirs.isInstance(new OwnError(CODES.Broken))).toBe(true);
    expect(brand.isInstance(new OwnError(CODES.Lost, theirs))).toBe(true);
  });
});
