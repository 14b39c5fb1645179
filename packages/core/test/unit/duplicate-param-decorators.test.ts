import 'reflect-metadata';
import { Args, Ctx, Field, Provider, Tool, createApp, silentLogger, type ExecutionContext } from '@tessera/core';
import { IsString } from 'class-validator';

// A parameter position takes one Tessera parameter decorator; a second one is refused at createApp, naming the
// method and the position, wherever the doubled position sits among the others.

class TextArgs {
  @Field()
  @IsString()
  text!: string;
}

const build = (provider: new () => object) =>
  createApp({ name: 'dup', version: '1.0.0', providers: [provider], logger: silentLogger });

describe('a parameter decorated twice', () => {
  test('the only parameter, @Args() and @Ctx(): refused naming Class.method and #0', () => {
    @Provider()
    class Twice {
      @Tool()
      echo(@Args() @Ctx() args: TextArgs): string {
        return args.text;
      }
    }
    expect(() => build(Twice)).toThrow('Twice.echo: parameter #0 has more than one Tessera parameter decorator.');
  });

  test('the last of three positions: refused naming #2, the first two left alone', () => {
    @Provider()
    class Later {
      @Tool()
      echo(@Args() args: TextArgs, @Ctx() _ctx: ExecutionContext, @Ctx() @Ctx() _again: ExecutionContext): string {
        return args.text;
      }
    }
    expect(() => build(Later)).toThrow('Later.echo: parameter #2 has more than one Tessera parameter decorator.');
  });

  test('each position decorated once: built', () => {
    @Provider()
    class Once {
      @Tool()
      echo(@Args() args: TextArgs, @Ctx() _ctx: ExecutionContext): string {
        return args.text;
      }
    }
    expect(() => build(Once)).not.toThrow();
  });
});
