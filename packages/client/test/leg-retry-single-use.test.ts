import { IsIn } from 'class-validator';
import { Elicit, Provider, Tool } from '@tessera/core';
import { callWithLostAnswer } from './fixtures/lost-answer.fixture';

class Choice {
  @IsIn(['a', 'b'])
  pick!: string;
}

/** Counts how often its final step ran: what a resent final leg could repeat. */
const ran: string[] = [];

@Provider()
class Orders {
  @Tool()
  order(@Elicit({ key: 'item', message: 'Which item?', schema: Choice }) item: Choice): string {
    ran.push(item.pick);
    return `ordered ${item.pick}`;
  }
}

/*
 * `uncertain: 'always'` with single-use state on but idempotent legs off, over real sockets: the leg carrying the answer reaches the
 * handler, which runs; its answer is lost on the way back (the front cuts the connection). The client sends
 * the leg again; its state was consumed, so the server refuses it with the fixed -32602, and the client starts
 * the flow over instead of running the final step on a replayed state.
 */
test("uncertain: 'always' + single use without idempotent legs: a resent final leg is refused as a replay and the flow starts over", async () => {
  const { outcome, retries, rounds } = await callWithLostAnswer({
    providers: [Orders],
    singleUse: true,
    idempotentLegs: false,
    lostLeg: 2, // the leg carrying the answer: runs, its answer lost
    call: { name: 'order', arguments: {} },
    client: {
      elicitation: async () => ({ action: 'accept', content: { pick: 'a' } }),
      legRetry: { uncertain: 'always' },
    },
  });
  expect(outcome).toEqual({ result: expect.objectContaining({ content: [{ type: 'text', text: 'ordered a' }] }) });
  expect(retries.map((r) => [r.leg, r.failure.kind, r.carriesAnswers])).toEqual([[2, 'connection_reset', true]]);
  expect(rounds.map((r) => r.restarted ?? false)).toEqual([false, true, false]); // question, refused replay -> restart, question
  expect(ran).toEqual(['a', 'a']); // the lost run, then the restarted flow's run: never a run on the replayed state
});
