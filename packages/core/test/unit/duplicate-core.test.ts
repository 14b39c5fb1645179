import { createApp, silentLogger, Tool, Provider } from '@tessera/core';
import { appInternalsOf } from '../../src/app/tessera-app';

const SLOT = Symbol.for('tessera.core.metadata');

test('a second copy of core of the same format shares the metadata store (decorators of one reach the other)', () => {
  @Provider()
  class FromFirstCopy {
    @Tool()
    hello(): string {
      return 'hi';
    }
  }
  let second: typeof import('@tessera/core') | undefined;
  let secondInternals: typeof import('../../src/app/tessera-app') | undefined;
  jest.isolateModules(() => {
    // A second, separately loaded copy of the package is the subject: only require() gives one.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    second = require('@tessera/core');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    secondInternals = require('../../src/app/tessera-app');
  });
  expect(second!.createApp).not.toBe(createApp);
  const app = second!.createApp({ name: 'x', version: '1', providers: [FromFirstCopy], logger: silentLogger });
  expect(secondInternals!.appInternals(app).runtime!.compiled.toolList.map((t) => t.name)).toEqual(['hello']);
  // this copy's faces serve the other copy's app through its endpoint; its runtime stays the other copy's
  expect(appInternalsOf(app)?.endpoint).toBe(secondInternals!.appInternals(app).endpoint);
  expect(appInternalsOf(app)?.runtime).toBeUndefined();
});

test('a copy with another metadata format fails loudly at load', () => {
  const slots = globalThis as unknown as Record<symbol, { format: number; store: WeakMap<object, unknown> }>;
  const saved = slots[SLOT];
  slots[SLOT] = { format: 999, store: new WeakMap() };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(() => jest.isolateModules(() => require('@tessera/core'))).toThrow(
      /incompatible copies of @tessera\/core .*format 999 and 1/,
    );
  } finally {
    slots[SLOT] = saved;
  }
});
