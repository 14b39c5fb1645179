import 'reflect-metadata';
import { IsString } from 'class-validator';
import { Args, createApp, createParamDecorator, Field, Provider, silentLogger, Tool, ToolError } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';

/**
 * The call pipeline goes on in the same turn when a parameter or the method answers at once, and waits only for
 * what answers with a promise (or any thenable). Either way the call is answered the same: a value is the same
 * value, a throw is the same error as a rejection, the parameters keep their order.
 */
const seen: string[] = [];
const Now = createParamDecorator<string>((_ctx, tag) => (seen.push(`now ${tag}`), `now:${tag}`));
const Later = createParamDecorator<string>(async (_ctx, tag) => (seen.push(`later ${tag}`), `later:${tag}`));
const Thenable = createParamDecorator<string>((_ctx, tag) => ({
  then: (resolve: (value: string) => void) => (seen.push(`thenable ${tag}`), resolve(`thenable:${tag}`)),
}));
const Throws = createParamDecorator<string>(() => {
  throw new ToolError('no tenant');
});
const Rejects = createParamDecorator<string>(async () => {
  throw new ToolError('no tenant');
});

class TextArgs {
  @Field()
  @IsString()
  text!: string;
}

@Provider()
class AtOnce {
  @Tool()
  syncValue(@Args() args: TextArgs): string {
    return `sync ${args.text}`;
  }
  @Tool()
  async asyncValue(@Args() args: TextArgs): Promise<string> {
    return `async ${args.text}`;
  }
  @Tool()
  thenableValue(@Args() args: TextArgs): PromiseLike<string> {
    return { then: (resolve) => Promise.resolve(resolve?.(`thenable ${args.text}`)) } as PromiseLike<string>;
  }
  @Tool()
  syncThrow(): string {
    throw new ToolError('refused');
  }
  @Tool()
  async asyncThrow(): Promise<string> {
    throw new ToolError('refused');
  }
  @Tool()
  mixed(
    @Now('a') a: string,
    @Later('b') b: string,
    @Args() args: TextArgs,
    @Thenable('c') c: string,
    @Now('d') d: string,
  ): string {
    return [a, b, args.text, c, d].join(' ');
  }
  @Tool()
  paramThrows(@Throws() tenant: string): string {
    return tenant;
  }
  @Tool()
  paramRejects(@Rejects() tenant: string): string {
    return tenant;
  }
}

const app = () => createApp({ name: 'at-once', version: '1.0.0', providers: [AtOnce], logger: silentLogger });

describe('a call answered at once or later', () => {
  test('a value returned at once, by a promise or by another thenable is the same answer', async () => {
    const client = await connectInMemory(app());
    const answer = (name: string) => client.callTool({ name, arguments: { text: 'hi' } });
    expect((await answer('syncValue')).content).toEqual([{ type: 'text', text: 'sync hi' }]);
    expect((await answer('asyncValue')).content).toEqual([{ type: 'text', text: 'async hi' }]);
    expect((await answer('thenableValue')).content).toEqual([{ type: 'text', text: 'thenable hi' }]);
  });

  test('a method that throws is answered as one whose promise rejects', async () => {
    const client = await connectInMemory(app());
    const sync = await client.callTool({ name: 'syncThrow', arguments: {} });
    expect(sync).toEqual(await client.callTool({ name: 'asyncThrow', arguments: {} }));
    expect(sync.isError).toBe(true);
  });

  test('parameters resolved at once and later keep their order, each resolved once, in turn', async () => {
    const client = await connectInMemory(app());
    seen.length = 0;
    const result = await client.callTool({ name: 'mixed', arguments: { text: 'x' } });
    expect(result.content).toEqual([{ type: 'text', text: 'now:a later:b x thenable:c now:d' }]);
    expect(seen).toEqual(['now a', 'later b', 'thenable c', 'now d']);
  });

  test('a parameter whose resolver throws is answered as one whose resolver rejects; the method never runs', async () => {
    const client = await connectInMemory(app());
    const thrown = await client.callTool({ name: 'paramThrows', arguments: {} });
    const rejected = await client.callTool({ name: 'paramRejects', arguments: {} });
    expect(thrown).toEqual(rejected);
    expect(thrown.content).toEqual([{ type: 'text', text: 'no tenant' }]);
  });
});
