import { IsIn, IsString } from 'class-validator';
import {
  Args,
  Complete,
  createApp,
  Field,
  InvalidSignatureError,
  Prompt,
  Provider,
  ResourceTemplate,
  silentLogger,
  ToolError,
  type CompletionContext,
  type LogFields,
  type Logger,
} from '@tessera/core';
import { connectInMemory } from '@tessera/testing';

// @Complete: a method completes a prompt's or template's argument from the partial value and the arguments
// already given; answers are bounded to the protocol's 100, and errors are mapped.

class PlanArgs {
  @Field()
  @IsString()
  country!: string;

  @Field()
  @IsString()
  city!: string;

  @Field()
  @IsIn(['small', 'large'])
  size!: string;
}

const CITIES: Record<string, string[]> = { fr: ['Paris', 'Lyon', 'Lille'], it: ['Rome', 'Lucca', 'Milan'] };
const seen: CompletionContext[] = [];

@Provider()
class Trips {
  @Prompt()
  plan(@Args() args: PlanArgs): string {
    return `${args.city}, ${args.country}`;
  }

  @Prompt({ visible: () => false })
  hidden(@Args() args: PlanArgs): string {
    return args.city;
  }

  @ResourceTemplate('files://{folder}/{name}')
  file(): string {
    return 'a file';
  }

  @Complete({ prompt: 'plan' }, 'city')
  async cities(value: string, ctx: CompletionContext): Promise<string[]> {
    seen.push(ctx);
    return (CITIES[ctx.arguments.country ?? ''] ?? []).filter((c) => c.toLowerCase().startsWith(value.toLowerCase()));
  }

  @Complete({ prompt: 'hidden' }, 'city')
  hiddenCities(): string[] {
    return ['Secret'];
  }

  @Complete({ template: 'files://{folder}/{name}' }, 'name')
  names(value: string): string[] {
    return Array.from({ length: 250 }, (_, i) => `${value}${i}`);
  }

  @Complete({ template: 'files://{folder}/{name}' }, 'folder')
  folders(): string[] {
    throw new ToolError('folders are offline');
  }

  @Complete({ prompt: 'plan' }, 'country')
  countries(): string[] {
    throw new Error('db password hunter2 refused');
  }
}

const logged: Array<{ message: string; fields?: LogFields }> = [];
const logger: Logger = {
  ...silentLogger,
  error: (message, fields) => logged.push({ message, fields }),
};

describe('@Complete', () => {
  const app = createApp({ name: 'trips', version: '1', providers: [Trips], logger });
  const complete = async (ref: object, name: string, value: string, args?: Record<string, string>) => {
    const client = await connectInMemory(app);
    try {
      return await client.complete({
        ref: ref as never,
        argument: { name, value },
        ...(args && { context: { arguments: args } }),
      });
    } finally {
      await client.close();
    }
  };
  afterAll(() => app.close());

  test('the method gets the partial value and the arguments already given', async () => {
    const fr = await complete({ type: 'ref/prompt', name: 'plan' }, 'city', 'l', { country: 'fr' });
    expect(fr.completion).toEqual({ values: ['Lyon', 'Lille'], total: 2, hasMore: false });
    const it = await complete({ type: 'ref/prompt', name: 'plan' }, 'city', 'l', { country: 'it' });
    expect(it.completion.values).toEqual(['Lucca']);
    expect(seen.at(-1)).toMatchObject({ argument: 'city', arguments: { country: 'it' }, principal: undefined });
  });

  test('a closed set still completes beside the methods', async () => {
    const size = await complete({ type: 'ref/prompt', name: 'plan' }, 'size', 'la');
    expect(size.completion.values).toEqual(['large']);
  });

  test('more than 100 values: the first 100, hasMore and the total', async () => {
    const many = await complete({ type: 'ref/resource', uri: 'files://{folder}/{name}' }, 'name', 'n');
    expect(many.completion.values).toHaveLength(100);
    expect(many.completion.values[0]).toBe('n0');
    expect(many.completion).toMatchObject({ total: 250, hasMore: true });
  });

  test("errors: a Tessera error's message reaches the client, anything else is masked and logged", async () => {
    await expect(complete({ type: 'ref/resource', uri: 'files://{folder}/{name}' }, 'folder', '')).rejects.toThrow(
      /folders are offline/,
    );
    const masked = complete({ type: 'ref/prompt', name: 'plan' }, 'country', 'f');
    await expect(masked).rejects.toThrow(/Internal error \(ref [0-9a-f]{8}\)/);
    await expect(masked).rejects.not.toThrow(/hunter2/);
    expect(logged.at(-1)).toMatchObject({ message: 'completion failed' });
  });

  test('a prompt the caller does not see completes as an unknown one', async () => {
    await expect(complete({ type: 'ref/prompt', name: 'hidden' }, 'city', '')).rejects.toThrow(
      /Unknown prompt: hidden/,
    );
    await expect(complete({ type: 'ref/prompt', name: 'nowhere' }, 'city', '')).rejects.toThrow(
      /Unknown prompt: nowhere/,
    );
  });

  test('checked at createApp: the target exists, has the argument, and one method per argument', () => {
    const build = (cls: new () => unknown) => () =>
      createApp({ name: 'x', version: '1', providers: [Trips, cls as never], logger: silentLogger });
    @Provider()
    class NoPrompt {
      @Complete({ prompt: 'nowhere' }, 'city')
      c(): string[] {
        return [];
      }
    }
    @Provider()
    class NoArgument {
      @Complete({ prompt: 'plan' }, 'town')
      c(): string[] {
        return [];
      }
    }
    @Provider()
    class Twice {
      @Complete({ template: 'files://{folder}/{name}' }, 'name')
      c(): string[] {
        return [];
      }
    }
    expect(build(NoPrompt)).toThrow(InvalidSignatureError);
    expect(build(NoPrompt)).toThrow(/NoPrompt\.c: this app serves no prompt "nowhere"/);
    expect(build(NoArgument)).toThrow(/prompt "plan" has no argument "town"; its arguments: country, city, size/);
    expect(build(Twice)).toThrow(
      /Twice\.c: argument "name" of resource template .* is already completed by .*Trips\.names/,
    );
    expect(() => {
      class Both {
        @Complete({ prompt: 'a', template: 'b://{c}' } as never, 'x')
        m(): void {}
      }
      return Both;
    }).toThrow(/name one target/);
  });
});
