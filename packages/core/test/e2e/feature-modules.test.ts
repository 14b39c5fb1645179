import {
  createApp,
  InvalidConfigurationError,
  DuplicateNameError,
  Provider,
  silentLogger,
  Tool,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type FeatureModule,
  type Interceptor,
} from '@tessera/core';
import { inject, injectable } from 'tsyringe';
import { connectInMemory } from '@tessera/testing';
import { textOf } from './support/result-text';

// AppModule.imports composes feature modules: providers, services (one root container) and enhancers.

const trail: string[] = [];
// each carries a `name`, which is how describePipeline lists a plain-object enhancer
const mark = (name: string): Interceptor & { name: string } => ({
  name,
  async intercept(_ctx: ExecutionContext, next: CallHandler) {
    trail.push(name);
    return next();
  },
});

@injectable()
class Prices {
  readonly currency = 'EUR';
}

@Provider()
class Billing {
  constructor(@inject(Prices) private readonly prices: Prices) {}
  @Tool()
  @UseInterceptors(mark('method'))
  price(): string {
    return `12 ${this.prices.currency}`;
  }
}

@Provider()
class Catalog {
  @Tool()
  list(): string {
    return 'apples';
  }
}

const shared: FeatureModule = { name: 'shared', services: [Prices] };
const billing: FeatureModule = {
  name: 'billing',
  providers: [Billing],
  imports: [shared],
  interceptors: [mark('billing module')],
};
const catalog: FeatureModule = { name: 'catalog', providers: [Catalog], imports: [shared] };

beforeEach(() => {
  trail.length = 0;
});

describe('feature modules (AppModule.imports)', () => {
  test('imported providers serve, a shared module is included once, services come from one root container', async () => {
    const app = createApp({
      name: 'shop',
      version: '1',
      providers: [],
      imports: [billing, catalog],
      interceptors: [mark('app')],
      logger: silentLogger,
    });
    const client = await connectInMemory(app);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['price', 'list']);
    expect(textOf(await client.callTool({ name: 'price', arguments: {} }))).toBe('12 EUR');
    expect(trail).toEqual(['app', 'billing module', 'method']);
    trail.length = 0;
    expect(textOf(await client.callTool({ name: 'list', arguments: {} }))).toBe('apples');
    expect(trail).toEqual(['app']); // billing's enhancers wrap billing's providers only
    const price = app.describePipeline('tools/call', 'price');
    expect(price.find((s) => s.stage === 'interceptors')?.runs).toEqual(['app', 'billing module', 'method']);
    expect(price.find((s) => s.stage === 'invoke')?.runs).toEqual(['Billing.price (module "billing")']);
    expect(app.describePipeline('tools/call', 'list').find((s) => s.stage === 'invoke')?.runs).toEqual([
      'Catalog.list (module "catalog")',
    ]);
  });

  test('an import cycle is refused, naming the path', () => {
    const a: FeatureModule = { name: 'a', imports: [] };
    const b: FeatureModule = { name: 'b', imports: [a] };
    a.imports!.push(b);
    expect(() => createApp({ name: 'root', version: '1', providers: [], imports: [a] })).toThrow(
      new InvalidConfigurationError('Module import cycle: "root" -> "a" -> "b" -> "a".'),
    );
  });

  test('two different modules with one name are refused', () => {
    const one: FeatureModule = { name: 'billing', providers: [Billing] };
    const two: FeatureModule = { name: 'billing', providers: [Catalog] };
    expect(() => createApp({ name: 'root', version: '1', providers: [], imports: [one, two] })).toThrow(
      'Two different modules are named "billing"; module names must be unique (imported by "root").',
    );
  });

  test('one tool name in two modules is a DuplicateNameError naming both classes and modules', () => {
    @Provider()
    class OtherBilling {
      @Tool({ name: 'price' })
      cost(): string {
        return '0';
      }
    }
    const other: FeatureModule = { name: 'other', providers: [OtherBilling] };
    const error = (() => {
      try {
        createApp({ name: 'root', version: '1', providers: [], imports: [billing, other] });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(DuplicateNameError);
    expect(error?.message).toContain(
      'declared by Billing.price (module "billing") and by OtherBilling.cost (module "other")',
    );
  });

  test('one provider in two modules, or one service token registered two ways, is refused naming the modules', () => {
    const again: FeatureModule = { name: 'again', providers: [Catalog] };
    expect(() => createApp({ name: 'root', version: '1', providers: [], imports: [catalog, again] })).toThrow(
      'Module "again": provider Catalog is listed twice (also in module "catalog").',
    );
    const twoWays: FeatureModule = { name: 'two-ways', services: [{ token: Prices, useValue: { currency: 'USD' } }] };
    expect(() =>
      createApp({ name: 'root', version: '1', providers: [Catalog], services: [Prices], imports: [twoWays] }),
    ).toThrow(
      'Service Prices is registered by module "root" and again by "two-ways"; register it once, in a module both import.',
    );
  });
});
