import { randomBytes } from 'node:crypto';
import { IsIn } from 'class-validator';
import {
  createApp,
  Ctx,
  Elicit,
  ExecutionContext,
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
  const app = createApp({
    name: 'orders',
    version: '1',
    providers: [Orders],
    security: new RequestStateSecurity({
      keys: [randomBytes(32)],
      ...(singleUse && { singleUse: new MemorySingleUseStore() }),
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
    hooks: { onLegRetry: (e) => void retries.push(e), onRound: (e) => void rounds.push(e) },
    sleep: async () => undefined,
  });
  try {
    await client.connect({ url: front.url });
    front.failures.set(2, 'forward-then-reset'); // the leg carrying the answer: runs, its answer lost
    const outcome = await client.callTool({ name: 'order', arguments: {} }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    return { outcome, retries, rounds };
  } finally {
    await client.close().catch(() => undefined);
    await front.close();
    await server.close();
  }
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
