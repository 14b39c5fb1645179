// Compile-time checks: `npm run typecheck` fails if a misuse below stops being a type error
// (each `@ts-expect-error` must still have an error to expect). jest only checks the file loads.
import { IsString } from 'class-validator';
import {
  createApp,
  Elicit,
  Provider,
  RequestStateSecurity,
  Sample,
  Tool,
  type AppModule,
  Elicitation,
} from '@tessera/core';

class Args1 {
  @IsString()
  topic!: string;
}

class Choice {
  @IsString()
  pick!: string;
}

export class Typed {
  @Tool()
  ok(@Elicit<Args1>({ message: ({ args }) => `About ${args.topic}?`, schema: Choice }) c: Elicitation<Choice>): string {
    return c.action === 'accept' ? c.content.pick : c.action;
  }

  // @ts-expect-error the question function reads an argument the DTO does not have
  wrongArg(@Elicit<Args1>({ message: ({ args }) => `About ${args.nope.length}?`, schema: Choice }) _c: Choice): void {}

  fallback(
    @Elicit<Args1>({ key: 'a', message: 'A?', schema: Choice }) _a: Elicitation<Choice>,
    @Elicit<Args1>({
      key: 'b',
      after: ['a'],
      when: ({ args, outcomes }) => args.topic !== '' && outcomes.a?.action !== 'accept',
      message: 'B?',
      schema: Choice,
      inject: 'outcome',
    })
    _b: Elicitation<Choice> | undefined,
  ): void {}

  // @ts-expect-error `when` reads an argument the DTO does not have
  wrongWhen(@Elicit<Args1>({ message: 'A?', schema: Choice, when: ({ args }) => args.nope > 1 }) _c: Choice): void {}

  // @ts-expect-error a sampling request needs maxTokens
  noMax(@Sample({ request: { messages: [] } }) _r: unknown): void {}
}

export function outcomes(e: Elicitation<Choice>): string {
  // @ts-expect-error content exists only on an accepted elicitation
  return e.content.pick;
}

// @ts-expect-error a module needs a version
export const missingVersion: AppModule = { name: 'x', providers: [] };

// (never called: at run time this misuse throws RequestStateConfigError)
export const badKeys = () =>
  // @ts-expect-error keys are bytes or strings
  new RequestStateSecurity({ keys: [42] });

test('the compile-time checks of this file load', () => {
  expect(typeof createApp).toBe('function');
  expect(Provider).toBeDefined();
});
