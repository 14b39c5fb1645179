import 'reflect-metadata';
import { createApp, silentLogger } from '@tessera/core';
import { echoToolTable } from '@tessera/testing';

// reflect-metadata's polyfill walks the prototype chain on every lookup that misses (about 55 JS calls each for
// a method whose design metadata is absent, as the bench table's hand-decorated fillers have): createApp reads
// each key it needs once per handler and once per provider class, never once per compile stage. Counted on
// both shapes a handler comes in: without design metadata, and with it on the prototype itself (tsc's
// emitDecoratorMetadata).

const READS = ['getMetadata', 'getOwnMetadata', 'hasMetadata', 'hasOwnMetadata', 'getMetadataKeys'] as const;

function countReads(providers: Array<new () => object>): number {
  const spies = READS.map((name) => jest.spyOn(Reflect, name));
  try {
    createApp({ name: 'reads', version: '1.0.0', providers, logger: silentLogger });
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** The bench table with every filler method's `design:paramtypes` on its own prototype, as tsc writes it. */
function withOwnDesignMetadata(providers: Array<new () => object>): Array<new () => object> {
  for (const cls of providers)
    for (const key of Object.getOwnPropertyNames(cls.prototype))
      if (key !== 'constructor' && !Reflect.hasOwnMetadata('design:paramtypes', cls.prototype, key))
        Reflect.defineMetadata('design:paramtypes', [Object], cls.prototype, key);
  return providers;
}

describe('reflect-metadata reads at createApp', () => {
  // 10 tools are 2 provider classes, 210 are 22: 200 tools and 20 classes more
  const PER_TOOL = 1; // design:paramtypes of the handler
  const PER_CLASS = 5; // the constructor's design:paramtypes and tsyringe's injection tokens (own, inherited)

  test.each([
    ['without design metadata (hand-decorated)', (n: number) => echoToolTable(n)],
    ['with design metadata on the prototype', (n: number) => withOwnDesignMetadata(echoToolTable(n))],
  ])('%s: at most one read a tool and five a provider class', (_shape, table) => {
    const small = countReads(table(10));
    const large = countReads(table(210));
    expect(large - small).toBeGreaterThanOrEqual(200); // each handler's parameter types are read
    expect(large - small).toBeLessThanOrEqual(200 * PER_TOOL + 20 * PER_CLASS);
  });
});
