import { IsIn, IsString } from 'class-validator';
import type { CreateMessageResult, Root } from '@modelcontextprotocol/server';
import {
  Args,
  createApp,
  Elicit,
  ListRoots,
  Provider,
  Sample,
  silentLogger,
  Tool,
  type TesseraApp,
} from '@tessera/core';
import { listen } from '@tessera/core/node';
import { InputRequiredRoundsExceededError, TesseraClient, type RoundEvent } from '@tessera/client';

class Choice {
  @IsIn(['a', 'b', 'c'])
  pick!: string;
}

class TopicArgs {
  @IsString()
  topic!: string;
}

@Provider()
class Everything {
  @Tool()
  elicit(@Elicit({ key: 'choice', message: 'Pick one', schema: Choice }) c: Choice): string {
    return `picked ${c.pick}`;
  }

  @Tool()
  sample(
    @Args() args: TopicArgs,
    @Sample<TopicArgs>({
      key: 'llm',
      request: ({ args }) => ({
        messages: [{ role: 'user', content: { type: 'text', text: args.topic } }],
        maxTokens: 10,
      }),
    })
    r: CreateMessageResult,
  ): string {
    return `model said ${(r.content as { text: string }).text}`;
  }

  @Tool()
  roots(@ListRoots({ key: 'roots' }) roots: Root[]): string {
    return roots.map((r) => r.uri).join(',');
  }

  @Tool()
  threeRounds(
    @Elicit({ key: 'one', message: 'One?', schema: Choice }) one: Choice,
    @Elicit({
      key: 'two',
      after: ['one'],
      message: ({ answers }) => `Two, after ${(answers.one as Choice).pick}?`,
      schema: Choice,
    })
    two: Choice,
    @Elicit({ key: 'three', after: ['two'], message: 'Three?', schema: Choice }) three: Choice,
  ): string {
    return [one, two, three].map((c) => c.pick).join('');
  }
}

const answers: Record<string, string> = { 'Pick one': 'b', 'One?': 'a', 'Two, after a?': 'b', 'Three?': 'c' };

function client(rounds: RoundEvent[] = [], maxRounds?: number) {
  return new TesseraClient({
    maxRounds,
    elicitation: async ({ message }) => ({ action: 'accept', content: { pick: answers[message] } }),
    sampling: async (params) => ({
      role: 'assistant',
      model: 'm',
      content: { type: 'text', text: `re: ${(params.messages[0].content as { text: string }).text}` },
    }),
    listRoots: async () => ({ roots: [{ uri: 'file:///work' }, { uri: 'file:///home' }] }),
    hooks: { onRound: (e) => void rounds.push(e) },
  });
}

const app = (): TesseraApp =>
  createApp({ name: 'everything', version: '1', providers: [Everything], logger: silentLogger });
const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe.each(['memory', 'http'] as const)('TesseraClient against a Tessera server (%s)', (mode) => {
  let server: TesseraApp;
  let target: { fetch: (r: Request) => Promise<Response> } | { url: string };
  beforeAll(async () => {
    server = app();
    target =
      mode === 'memory'
        ? { fetch: (r: Request) => server.fetch(r) }
        : { url: (await listen(server, { port: 0 })).url.toString() };
  });
  afterAll(() => server.close());

  test('elicitation, sampling and roots flows', async () => {
    const c = client();
    await c.connect(target as never);
    expect(c.protocolVersion).toBe('2026-07-28');
    expect(text(await c.callTool({ name: 'elicit', arguments: {} }))).toBe('picked b');
    expect(text(await c.callTool({ name: 'sample', arguments: { topic: 'tea' } }))).toBe('model said re: tea');
    expect(text(await c.callTool({ name: 'roots', arguments: {} }))).toBe('file:///work,file:///home');
    await c.close();
  });

  test('a three-round flow carries earlier answers in the sealed state', async () => {
    const rounds: RoundEvent[] = [];
    const c = client(rounds);
    await c.connect(target as never);
    expect(text(await c.callTool({ name: 'threeRounds', arguments: {} }))).toBe('abc');
    expect(rounds.map((r) => Object.keys(r.inputRequests))).toEqual([['one'], ['two'], ['three']]);
    expect(rounds.every((r) => r.requestState?.startsWith('v1.'))).toBe(true);
    await c.close();
  });

  test('maxRounds exceeded is the typed error naming the call', async () => {
    const c = client([], 2);
    await c.connect(target as never);
    const failure = c.callTool({ name: 'threeRounds', arguments: {} });
    await expect(failure).rejects.toBeInstanceOf(InputRequiredRoundsExceededError);
    await expect(failure).rejects.toThrow(/threeRounds/);
    await c.close();
  });
});
