import { IsIn } from 'class-validator';
import { Ctx, Elicit, ExecutionContext, Provider, Tool } from '@tessera/core';
import { callWithLostAnswer } from './fixtures/lost-answer.fixture';

class Choice {
  @IsIn(['a', 'b'])
  pick!: string;
}

/** Each run of the final step (a side effect a resend must not repeat), with the idempotency key it was given. */
const ran: Array<string | undefined> = [];

@Provider()
class Orders {
  @Tool()
  order(
    @Elicit({ key: 'item', message: 'Which item?', schema: Choice }) item: Choice,
    @Ctx() ctx: ExecutionContext,
  ): string {
    ran.push(ctx.idempotencyKey);
    return `ordered ${item.pick}`;
  }
}

/*
 * The client at its defaults, over real sockets, against a tool that says nothing about idempotence: the leg
 * carrying the answer reaches the handler, which runs; its answer is lost on the way back (the front cuts the
 * connection). Whether the client sends it again depends on the server saying it records legs.
 */
async function lostFinalAnswer(singleUse: boolean) {
  ran.length = 0;
  return callWithLostAnswer({
    providers: [Orders],
    singleUse,
    lostLeg: 2, // the leg carrying the answer: runs, its answer lost
    call: { name: 'order', arguments: {} },
    client: { elicitation: async () => ({ action: 'accept', content: { pick: 'a' } }) },
  });
}

test('defaults + a server recording legs: the lost final answer is fetched again, the handler ran once, nothing restarted', async () => {
  const { outcome, retries, rounds } = await lostFinalAnswer(true);
  expect(outcome).toEqual({ result: expect.objectContaining({ content: [{ type: 'text', text: 'ordered a' }] }) });
  expect(retries.map((r) => [r.leg, r.failure.kind, r.carriesAnswers])).toEqual([[2, 'connection_reset', true]]);
  expect(rounds.map((r) => r.restarted ?? false)).toEqual([false]); // one question, never asked again
  expect(ran).toHaveLength(1);
  expect(ran[0]).toMatch(/^[0-9a-f-]{36}$/); // the client's key for that leg reached the handler
});

test('defaults + a server that does not record legs: the leg that may have run is not sent again', async () => {
  const { outcome, retries } = await lostFinalAnswer(false);
  expect(outcome).toEqual({ error: expect.anything() });
  expect(retries).toEqual([]);
  expect(ran).toHaveLength(1);
});
