import { IsInt } from 'class-validator';
import { Server } from '@modelcontextprotocol/server';
import { Args, Ctx, ExecutionContext, Provider, Tool } from '@tessera/core';
import { callWithLostAnswer } from './fixtures/lost-answer.fixture';

class Amount {
  @IsInt()
  amount!: number;
}

/** Each run of the tool's body (a charge a resend must not repeat), with the idempotency key it was given. */
const charged: Array<string | undefined> = [];

@Provider()
class Payments {
  @Tool()
  charge(@Args() args: Amount, @Ctx() ctx: ExecutionContext): string {
    charged.push(ctx.idempotencyKey);
    return `charged ${args.amount}`;
  }
}

/*
 * The client at its defaults, over real sockets, calling a tool that asks nothing and says nothing about
 * idempotence: the call reaches the handler, which charges; its answer is lost on the way back (the front
 * cuts the connection), and the client sends the call again, as it always did for a leg without answers.
 * Run on both of listen's paths: the fast lane's direct call and the SDK's (`fastPath: false`).
 */
async function lostPlainAnswer(singleUse: boolean, fastPath: boolean) {
  charged.length = 0;
  const sdkServers = jest.spyOn(Server.prototype, 'connect');
  try {
    const lost = await callWithLostAnswer({
      providers: [Payments],
      singleUse,
      fastPath,
      lostLeg: 1, // the call: runs, its answer lost
      call: { name: 'charge', arguments: { amount: 5 } },
      onConnected: () => sdkServers.mockClear(),
    });
    return { ...lost, sdkServers: sdkServers.mock.calls.length };
  } finally {
    sdkServers.mockRestore();
  }
}

describe.each([
  ['the fast lane', true],
  ['the SDK path', false],
])('a plain call whose answer was lost, on %s', (_path, fastPath) => {
  test('defaults + a server recording legs: the resend gets the recorded answer, the tool charged once', async () => {
    const { outcome, retries, sdkServers } = await lostPlainAnswer(true, fastPath);
    expect(outcome).toEqual({ result: expect.objectContaining({ content: [{ type: 'text', text: 'charged 5' }] }) });
    expect(retries.map((r) => [r.leg, r.failure.kind, r.carriesAnswers])).toEqual([[1, 'connection_reset', false]]);
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatch(/^[0-9a-f-]{36}$/);
    // both sends took the direct path (no SDK server built), or both the SDK's
    if (fastPath) expect(sdkServers).toBe(0);
    else expect(sdkServers).toBeGreaterThanOrEqual(2);
  });

  test('defaults + a server without a store: the resend runs the tool again (what the README table says)', async () => {
    const { outcome, retries } = await lostPlainAnswer(false, fastPath);
    expect(outcome).toEqual({ result: expect.objectContaining({ content: [{ type: 'text', text: 'charged 5' }] }) });
    expect(retries).toHaveLength(1);
    expect(charged).toHaveLength(2);
    expect(charged[0]).toBe(charged[1]); // the same key both times: a tool may dedupe on ctx.idempotencyKey
  });
});
