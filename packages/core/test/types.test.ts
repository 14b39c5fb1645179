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

  // the second generic types the answers a question waits for, by key
  typedAnswers(
    @Elicit<Args1>({ key: 'first', message: 'First?', schema: Choice }) _a: Choice,
    @Elicit<Args1, { first: Choice }>({
      key: 'second',
      after: ['first'],
      message: ({ args, answers }) => `${args.topic}: after ${answers.first?.pick ?? 'nothing'}?`,
      when: ({ outcomes }) => outcomes.first?.action === 'accept',
      schema: Choice,
    })
    _b: Choice,
    @Sample<Args1, { first: Choice }>({
      after: ['first'],
      request: ({ answers }) => ({ messages: [], maxTokens: answers.first?.pick.length ?? 1 }),
    })
    _c: unknown,
  ): void {}

  answerTypo(
    @Elicit<Args1, { first: Choice }>({
      after: ['first'],
      // @ts-expect-error an answer read under a key the question does not wait for (a typo)
      message: ({ answers }) => String(answers.frist),
      schema: Choice,
    })
    _b: Choice,
  ): void {}

  answerField(
    @Elicit<Args1, { first: Choice }>({
      after: ['first'],
      // @ts-expect-error a field the answer's DTO does not have
      message: ({ answers }) => String(answers.first?.nope),
      schema: Choice,
    })
    _b: Choice,
  ): void {}

  // @ts-expect-error `after` names a key the typed answers do not have
  afterTypo(@Elicit<Args1, { first: Choice }>({ after: ['frist'], message: 'B?', schema: Choice }) _b: Choice): void {}

  answerNotOptional(
    @Elicit<Args1, { first: Choice }>({
      after: ['first'],
      // @ts-expect-error a skipped question has no entry: the answer may be absent
      message: ({ answers }) => answers.first.pick,
      schema: Choice,
    })
    _b: Choice,
  ): void {}

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
