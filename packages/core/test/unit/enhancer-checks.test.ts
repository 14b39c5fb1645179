import {
  createApp,
  InvalidConfigurationError,
  InvalidDecoratorUseError,
  Provider,
  Tool,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
  type Guard,
} from '@tessera/core';

// A wrong enhancer fails where it is written (at decoration, naming class and method), not on the first call.

class AllowAll implements Guard {
  canActivate(): boolean {
    return true;
  }
}

function decorate(apply: () => void): unknown {
  try {
    apply();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('enhancers are checked when decorated', () => {
  test('@UseGuards(x) with something that is neither a class nor an object with canActivate throws naming class and method', () => {
    const error = decorate(() => {
      @Provider()
      class Shop {
        @Tool()
        @UseGuards(AllowAll, 'admin' as never)
        buy(): string {
          return 'ok';
        }
      }
      return Shop;
    });
    expect(error).toBeInstanceOf(InvalidDecoratorUseError);
    expect((error as Error).message).toBe(
      '@UseGuards() on Shop.buy: argument #2 string "admin" is neither a class nor an object with canActivate().',
    );
  });

  test.each([
    [
      'UseInterceptors',
      () => UseInterceptors({ handle: () => 1 } as never),
      'argument #1 an object with keys [handle] is neither a class nor an object with intercept()',
    ],
    ['UsePipes', () => UsePipes(class NotAPipe {} as never), 'argument #1 class NotAPipe has no transform() method'],
    [
      'UseFilters',
      () => UseFilters(undefined as never),
      'argument #1 undefined is neither a class nor an object with catch()',
    ],
  ])('@%s on a class names the class and what is missing', (name, decorator, problem) => {
    const error = decorate(() => {
      @decorator()
      @Provider()
      class Billing {
        @Tool()
        pay(): string {
          return 'ok';
        }
      }
      return Billing;
    });
    expect((error as Error).message).toBe(`@${name}() on Billing: ${problem}.`);
  });

  test('well-formed enhancers (class or object) decorate without complaint', () => {
    expect(
      decorate(() => {
        @UseGuards(AllowAll, { canActivate: () => true })
        @Provider()
        class Fine {
          @Tool()
          @UseInterceptors({ intercept: (_ctx, next) => next() })
          run(): string {
            return 'ok';
          }
        }
        return Fine;
      }),
    ).toBeUndefined();
  });

  test('application-wide enhancers in the module are checked at createApp, naming the module and position', () => {
    @Provider()
    class P {
      @Tool()
      t(): string {
        return 'ok';
      }
    }
    expect(() => createApp({ name: 'm', version: '1', providers: [P], guards: [AllowAll, 42 as never] })).toThrow(
      new InvalidConfigurationError(
        'Module "m": guards[1] number 42 is neither a class nor an object with canActivate().',
      ),
    );
  });
});
