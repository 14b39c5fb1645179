import { IsString } from 'class-validator';
import {
  Args,
  ArgumentValidationError,
  createApp,
  Prompt,
  Provider,
  silentLogger,
  Tool,
  UseFilters,
  UseInterceptors,
  UsePipes,
  type ExceptionFilter,
  type Interceptor,
  type Pipe,
} from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { injectable } from 'tsyringe';
import { textOf } from './support/result-text';

class NoteArgs {
  @IsString()
  text!: string;
}

/** Transforms every string field of a DTO argument; leaves other parameters alone. */
const mapStrings = (name: string, fn: (s: string) => string, seen: string[]): Pipe => ({
  transform(value) {
    seen.push(name);
    if (value instanceof NoteArgs) value.text = fn(value.text);
    return value;
  },
});

const rejectShouting: Pipe = {
  transform(value) {
    if (value instanceof NoteArgs && value.text === value.text.toUpperCase()) {
      throw new ArgumentValidationError('Invalid arguments: text: no shouting', [
        { path: 'text', messages: ['no shouting'] },
      ]);
    }
    return value;
  },
};

class QuotaExceeded extends Error {
  constructor(readonly remaining: number) {
    super('quota exceeded');
  }
}

const pipeOrder: string[] = [];
const filterOrder: string[] = [];

/** Answers only the errors it knows; `undefined` passes the error outwards. */
const quotaFilter = (name: string, answer: boolean): ExceptionFilter => ({
  catch(error) {
    filterOrder.push(name);
    if (!answer || !(error instanceof QuotaExceeded)) return undefined;
    return { isError: true, content: [{ type: 'text', text: `${name}: retry later (${error.remaining} left)` }] };
  },
});

@Provider()
@UsePipes(mapStrings('class', (s) => s.trim(), pipeOrder))
@UseFilters(quotaFilter('class', true))
class Notes {
  @Tool()
  @UsePipes(mapStrings('method', (s) => `«${s}»`, pipeOrder))
  save(@Args() args: NoteArgs): string {
    return `saved ${args.text}`;
  }

  @Tool()
  @UsePipes(rejectShouting)
  calm(@Args() args: NoteArgs): string {
    return `calm ${args.text}`;
  }

  @Tool()
  @UseFilters(quotaFilter('method', false))
  spend(): string {
    throw new QuotaExceeded(0);
  }

  @Tool()
  @UseFilters(quotaFilter('method', true))
  spendHandled(): string {
    throw new QuotaExceeded(3);
  }

  @Tool()
  crash(): string {
    throw new Error('not a quota problem');
  }

  @Prompt()
  @UseFilters({
    catch: () => ({ messages: [{ role: 'assistant', content: { type: 'text', text: 'fallback prompt' } }] }),
  })
  flaky(): string {
    throw new Error('backend down');
  }
}

const app = () =>
  createApp({
    name: 'notes',
    version: '1.0.0',
    providers: [Notes],
    pipes: [mapStrings('app', (s) => s.toLowerCase(), pipeOrder)],
    filters: [quotaFilter('app', true)],
    logger: silentLogger,
  });

beforeEach(() => {
  pipeOrder.length = 0;
  filterOrder.length = 0;
});

describe('pipes', () => {
  test('transform the validated arguments app → class → method', async () => {
    const client = await connectInMemory(app());
    const result = await client.callTool({ name: 'save', arguments: { text: '  Hello World  ' } });
    expect(textOf(result)).toBe('saved «hello world»');
    expect(pipeOrder).toEqual(['app', 'class', 'method']);
  });

  test('a pipe that throws a validation error refuses the call as a tool error', async () => {
    const client = await connectInMemory(app());
    const result = await client.callTool({ name: 'calm', arguments: { text: 'HEY' } });
    // app pipe lower-cases first, so the method pipe sees "hey" and lets it through
    expect(textOf(result)).toBe('calm hey');
    const direct = createApp({ name: 'notes', version: '1.0.0', providers: [Notes], logger: silentLogger });
    const refused = await (await connectInMemory(direct)).callTool({ name: 'calm', arguments: { text: 'HEY' } });
    expect(refused).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Invalid arguments: text: no shouting' }],
    });
  });
});

describe('exception filters', () => {
  test('map a custom error to a result; the innermost filter answers first', async () => {
    const client = await connectInMemory(app());
    const result = await client.callTool({ name: 'spendHandled', arguments: {} });
    expect(textOf(result)).toBe('method: retry later (3 left)');
    expect(filterOrder).toEqual(['method']);
  });

  test('a filter returning undefined passes the error outwards: method → class → app', async () => {
    const client = await connectInMemory(app());
    const result = await client.callTool({ name: 'spend', arguments: {} });
    expect(textOf(result)).toBe('class: retry later (0 left)');
    expect(filterOrder).toEqual(['method', 'class']);
  });

  test('an error no filter knows reaches the built-in mapping (masked)', async () => {
    const client = await connectInMemory(app());
    const result = await client.callTool({ name: 'crash', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Internal error \(ref [0-9a-f]{8}\)$/);
    expect(filterOrder).toEqual(['class', 'app']);
  });

  test('a prompt filter may answer with prompt messages', async () => {
    const client = await connectInMemory(app());
    const prompt = await client.getPrompt({ name: 'flaky', arguments: {} });
    expect(prompt.messages).toEqual([{ role: 'assistant', content: { type: 'text', text: 'fallback prompt' } }]);
  });
});

describe('enhancer classes', () => {
  test('pipes, interceptors and filters given as classes are resolved per call with their injected services', async () => {
    class Settings {
      readonly suffix = '!';
      readonly fallback = 'served from the filter';
    }

    @injectable()
    class SuffixPipe implements Pipe {
      constructor(private readonly settings: Settings) {}
      transform(value: unknown): unknown {
        if (value instanceof NoteArgs) value.text += this.settings.suffix;
        return value;
      }
    }

    @injectable()
    class Bracket implements Interceptor {
      constructor(private readonly settings: Settings) {}
      async intercept(_ctx: unknown, next: () => Promise<unknown>): Promise<unknown> {
        return `(${String(await next())})${this.settings.suffix}`;
      }
    }

    @injectable()
    class Fallback implements ExceptionFilter {
      constructor(private readonly settings: Settings) {}
      catch(): unknown {
        return this.settings.fallback;
      }
    }

    @Provider()
    @UseFilters(Fallback)
    class Classy {
      @Tool()
      @UsePipes(SuffixPipe)
      @UseInterceptors(Bracket)
      shout(@Args() args: NoteArgs): string {
        return args.text;
      }

      @Tool()
      fail(): string {
        throw new Error('nope');
      }
    }

    const client = await connectInMemory(
      createApp({ name: 'classy', version: '1.0.0', providers: [Classy], services: [Settings], logger: silentLogger }),
    );
    expect(textOf(await client.callTool({ name: 'shout', arguments: { text: 'hi' } }))).toBe('(hi!)!');
    expect(textOf(await client.callTool({ name: 'fail', arguments: {} }))).toBe('served from the filter');
  });
});
