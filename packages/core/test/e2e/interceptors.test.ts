import {
  createApp,
  Provider,
  silentLogger,
  Tool,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type Interceptor,
} from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { textOf } from './support/result-text';

// Interceptors wrap the call: the first listed (app-wide) is the outermost.

const events: string[] = [];

const around = (name: string): Interceptor => ({
  async intercept(_ctx: ExecutionContext, next: CallHandler) {
    events.push(`${name}:before`);
    const result = await next();
    events.push(`${name}:after`);
    return result;
  },
});

const replace: Interceptor = {
  async intercept(_ctx, next) {
    const result = await next();
    return `replaced (was ${JSON.stringify(result)})`;
  },
};

const shortCircuit: Interceptor = {
  async intercept() {
    return 'from cache';
  },
};

const twice: Interceptor = {
  async intercept(_ctx, next) {
    await next();
    return next();
  },
};

@Provider()
@UseInterceptors(around('class'))
class Wrapped {
  @Tool()
  @UseInterceptors(around('method'))
  work(): string {
    events.push('handler');
    return 'done';
  }

  @Tool()
  @UseInterceptors(replace)
  replaced(): string {
    events.push('handler');
    return 'original';
  }

  @Tool()
  @UseInterceptors(shortCircuit)
  cached(): string {
    events.push('handler');
    return 'fresh';
  }

  @Tool()
  @UseInterceptors(twice)
  doubled(): string {
    events.push('handler');
    return 'once';
  }
}

const app = () =>
  createApp({
    name: 'wrapped',
    version: '1.0.0',
    providers: [Wrapped],
    interceptors: [around('app')],
    logger: silentLogger,
  });

beforeEach(() => {
  events.length = 0;
});

describe('interceptors', () => {
  test('wrap in order app → class → method, unwinding in reverse', async () => {
    const client = await connectInMemory(app());
    expect(textOf(await client.callTool({ name: 'work', arguments: {} }))).toBe('done');
    expect(events).toEqual([
      'app:before',
      'class:before',
      'method:before',
      'handler',
      'method:after',
      'class:after',
      'app:after',
    ]);
  });

  test('may replace the result', async () => {
    const client = await connectInMemory(app());
    expect(textOf(await client.callTool({ name: 'replaced', arguments: {} }))).toBe('replaced (was "original")');
  });

  test('may answer without calling next(); the handler never runs', async () => {
    const client = await connectInMemory(app());
    expect(textOf(await client.callTool({ name: 'cached', arguments: {} }))).toBe('from cache');
    expect(events).toEqual(['app:before', 'class:before', 'class:after', 'app:after']);
  });

  test('calling next() twice is refused; the handler runs once', async () => {
    const logs: Array<{ error?: Error } | undefined> = [];
    const client = await connectInMemory(
      createApp({
        name: 'wrapped',
        version: '1.0.0',
        providers: [Wrapped],
        logger: { ...silentLogger, error: (_m, f) => logs.push(f) },
      }),
    );
    const result = await client.callTool({ name: 'doubled', arguments: {} });
    expect(result.isError).toBe(true);
    // An interceptor bug is a server fault: masked on the wire, named in the log.
    expect(textOf(result)).toMatch(/^Internal error \(ref [0-9a-f]{8}\)$/);
    expect(logs[0]?.error?.message).toBe('An interceptor of Wrapped.doubled called next() twice.');
    expect(events.filter((e) => e === 'handler')).toHaveLength(1);
  });
});
