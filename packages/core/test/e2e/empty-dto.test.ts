import { IsString } from 'class-validator';
import { Args, createApp, Elicit, Field, Provider, silentLogger, Tool } from '@tessera/core';

// A DTO whose properties have neither @Field nor a validator is invisible at run time: refused at createApp.

class Undecorated {
  text!: string;
}
class Decorated {
  @Field() @IsString() text!: string;
}

const build = (provider: new () => unknown) =>
  createApp({ name: 'empty', version: '1', providers: [provider], logger: silentLogger });

describe('an empty DTO', () => {
  test('as @Args: refused, naming the tool and the class', () => {
    @Provider()
    class Tools {
      @Tool()
      echo(@Args() args: Undecorated): string {
        return args.text;
      }
    }
    expect(() => build(Tools)).toThrow(
      /Tools\.echo arguments: DTO class Undecorated has no properties Tessera can see\. Decorate each property with @Field\(\)/,
    );
  });

  test('as @Tool({ args }): refused the same way', () => {
    @Provider()
    class Tools {
      @Tool({ args: () => Undecorated })
      echo(): string {
        return 'x';
      }
    }
    expect(() => build(Tools)).toThrow(/DTO class Undecorated has no properties/);
  });

  test('as an @Elicit schema: refused, naming the parameter and key', () => {
    @Provider()
    class Tools {
      @Tool()
      ask(@Elicit({ key: 'note', message: 'Note?', schema: Undecorated }) note: Undecorated): string {
        return note.text;
      }
    }
    expect(() => build(Tools)).toThrow(
      /Tools\.ask parameter #0 \(@Elicit "note"\): DTO class Undecorated has no properties Tessera can see/,
    );
  });

  test('a DTO with one decorated property is accepted in both places', () => {
    @Provider()
    class Tools {
      @Tool()
      ask(
        @Args() args: Decorated,
        @Elicit({ key: 'note', message: 'Note?', schema: Decorated }) note: Decorated,
      ): string {
        return args.text + note.text;
      }
    }
    expect(() => build(Tools)).not.toThrow();
  });
});
