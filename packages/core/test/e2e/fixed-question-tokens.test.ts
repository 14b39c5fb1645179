import { randomBytes } from 'node:crypto';
import { IsIn } from 'class-validator';
import { createApp, Elicit, Provider, RequestStateSecurity, silentLogger, Tool } from '@tessera/core';
import { sendRaw } from '@tessera/testing';

// The same tool twice: a literal message (a fixed question, digested once) and the same message computed per
// call (digested on every leg, as every question was before). Their tokens must open on each other's server.
class Choice {
  @IsIn(['a', 'b'])
  pick!: string;
}

@Provider()
class Fixed {
  @Tool()
  order(@Elicit({ key: 'item', message: 'Which item?', schema: Choice }) item: Choice): string {
    return `ordered ${item.pick}`;
  }
}

let wording = 'Which item?';

@Provider()
class Computed {
  @Tool()
  order(@Elicit({ key: 'item', message: () => wording, schema: Choice }) item: Choice): string {
    return `ordered ${item.pick}`;
  }
}

const KEY = randomBytes(32);
const server = (provider: typeof Fixed | typeof Computed) =>
  createApp({
    name: 'orders',
    version: '1',
    providers: [provider],
    security: new RequestStateSecurity({ keys: [KEY] }) as never,
    logger: silentLogger,
  });
type App = ReturnType<typeof server>;
const caps = { capabilities: { elicitation: {} } };

async function firstLeg(app: App): Promise<string> {
  const result = (await sendRaw(app, 'tools/call', { name: 'order', arguments: {} }, caps)).body.result!;
  expect(result.resultType).toBe('input_required');
  return result.requestState as string;
}

async function secondLeg(app: App, requestState: string) {
  const inputResponses = { item: { action: 'accept', content: { pick: 'b' } } };
  return (await sendRaw(app, 'tools/call', { name: 'order', arguments: {}, requestState, inputResponses }, caps)).body
    .result!;
}

beforeEach(() => {
  wording = 'Which item?';
});

describe("a fixed question's kept digest pins answers as the per-call digest does", () => {
  test.each([
    ['fixed -> computed', Fixed, Computed],
    ['computed -> fixed', Computed, Fixed],
    ['fixed -> fixed', Fixed, Fixed],
  ])('%s: the answer to the question asked on leg 1 is taken on leg 2', async (_name, first, second) => {
    const one = server(first);
    const two = server(second);
    // twice over, so the second round uses the digest the fixed question kept on its first
    for (let round = 0; round < 2; round++) {
      const result = await secondLeg(two, await firstLeg(one));
      expect(result.content).toEqual([{ type: 'text', text: 'ordered b' }]);
    }
  });

  test('a question reworded between the legs is asked again, whichever side kept its digest', async () => {
    const fixed = server(Fixed);
    const computed = server(Computed);
    wording = 'Which item, now?';
    const again = await secondLeg(computed, await firstLeg(fixed));
    expect(again.resultType).toBe('input_required');
    expect((again.inputRequests as Record<string, { params: { message: string } }>).item.params.message).toBe(
      'Which item, now?',
    );
    const back = await secondLeg(fixed, await firstLeg(computed));
    expect(back.resultType).toBe('input_required');
  });
});
