import { randomBytes } from 'node:crypto';
import { IsIn } from 'class-validator';
import {
  createApp,
  Elicit,
  MemorySingleUseStore,
  Provider,
  RequestStateSecurity,
  silentLogger,
  Tool,
} from '@tessera/core';
import { listen } from '@tessera/core/node';
import { TesseraClient, type LegRetryEvent, type RoundEvent } from '@tessera/client';
import { FailingFront } from './fixtures/failing-front.fixture';

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
  const app = createApp({
    name: 'orders',
    version: '1',
    providers: [Orders],
    security: new RequestStateSecurity({
      keys: [randomBytes(32)],
      singleUse: new MemorySingleUseStore(),
      idempotentLegs: false,
    }) as never,
    logger: silentLogger,
  });
  const server = await listen(app, { port: 0 });
  const front = new FailingFront(server.url.href);
  await front.start();
  const retries: LegRetryEvent[] = [];
  const rounds: RoundEvent[] = [];
  const client = new TesseraClient({
    elicitation: async () => ({ action: 'accept', content: { pick: 'a' } }),
    legRetry: { uncertain: 'always' },
    hooks: { onLegRetry: (e) => void retries.push(e), onRound: (e) => void rounds.push(e) },
    sleep: async () => undefined,
  });
  try {
    await client.connect({ url: front.url });
    front.failures.set(2, 'forward-then-reset'); // the leg carrying the answer: runs, its answer lost
    const result = await client.callTool({ name: 'order', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'ordered a' }]);
    expect(retries.map((r) => [r.leg, r.failure.kind, r.carriesAnswers])).toEqual([[2, 'connection_reset', true]]);
    expect(rounds.map((r) => r.restarted ?? false)).toEqual([false, true, false]); // question, refused replay -> restart, question
    expect(ran).toEqual(['a', 'a']); // the lost run, then the restarted flow's run: never a run on the replayed state
  } finally {
    await client.close().catch(() => undefined);
    await front.close();
    await server.close();
  }
});
