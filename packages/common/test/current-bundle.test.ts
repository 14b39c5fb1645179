import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentBundle } from '../src';

describe('currentBundle', () => {
  let dir: string;
  let info: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'current-bundle-'));
    info = join(dir, '.tsbuildinfo');
    writeFileSync(info, '{}');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const missing = () => {
    throw Object.assign(new Error('Cannot find module'), { code: 'MODULE_NOT_FOUND' });
  };

  test('the bundle made from the build info there now', () => {
    const bundle = { builtFrom: statSync(info).mtimeMs };
    expect(
      currentBundle(
        () => bundle,
        () => info,
      ),
    ).toBe(bundle);
  });

  test('undefined when tsc rebuilt after the bundle was made (the build info is newer)', () => {
    const bundle = { builtFrom: statSync(info).mtimeMs };
    const later = new Date(Date.now() + 60_000);
    utimesSync(info, later, later);
    expect(
      currentBundle(
        () => bundle,
        () => info,
      ),
    ).toBeUndefined();
  });

  test('the bundle when there is no build info (a published package)', () => {
    const bundle = { builtFrom: 1 };
    expect(
      currentBundle(
        () => bundle,
        () => join(dir, 'absent.tsbuildinfo'),
      ),
    ).toBe(bundle);
  });

  test('undefined when there is no bundle, with or without build info', () => {
    expect(currentBundle(missing, () => info)).toBeUndefined();
    expect(currentBundle(missing, () => join(dir, 'absent.tsbuildinfo'))).toBeUndefined();
  });

  test('without node:fs (Workers) the bundle, and the build info path is not even asked for', () => {
    const bundle = { builtFrom: 1 };
    const proc = process as { getBuiltinModule?: unknown };
    const getBuiltinModule = proc.getBuiltinModule;
    proc.getBuiltinModule = undefined;
    try {
      const path = jest.fn(() => info); // on Workers a module has no __dirname to build it from
      expect(currentBundle(() => bundle, path)).toBe(bundle);
      expect(path).not.toHaveBeenCalled();
    } finally {
      proc.getBuiltinModule = getBuiltinModule;
    }
  });

  test('any other failure to load the bundle is thrown', () => {
    const broken = () => {
      throw new SyntaxError('Unexpected token');
    };
    expect(() => currentBundle(broken, () => info)).toThrow(SyntaxError);
  });
});
