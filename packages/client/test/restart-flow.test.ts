import { randomBytes } from 'node:crypto';
import { createApp, RequestStateSecurity, silentLogger } from '@tessera/core';
import { isInputRequired, TesseraClient, type RoundEvent } from '@tessera/client';
import { pickAThenB as elicitation, Steps } from './fixtures/two-steps.fixture';

/** An instance of the fleet with a key of its own. */
function instance() {
  return createApp({
    name: 'fleet',
    version: '1',
    providers: [Steps],
    security: new RequestStateSecurity({ keys: [randomBytes(32)] }),
    logger: silentLogger,
  });
}

/** Two instances that do not share a key: the first leg lands on A, every later leg on B. */
function splitFleet() {
  const a = instance();
  const b = instance();
  let legs = 0;
  return {
    fetch: (r: Request) => (r.headers.get('mcp-method') === 'tools/call' && legs++ === 0 ? a.fetch(r) : b.fetch(r)),
  };
}

describe('a state refused where the retry lands', () => {
  test('the client starts the flow over and completes it', async () => {
    const rounds: RoundEvent[] = [];
    const client = new TesseraClient({ elicitation, hooks: { onRound: (e) => void rounds.push(e) } });
    await client.connect(splitFleet());
    const result = await client.callTool({ name: 'twoSteps', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'ab' }]);
    expect(rounds.filter((r) => r.restarted)).toHaveLength(1);
  });

  test('a resumed flow (seeded state) that the server no longer opens starts over too', async () => {
    const a = instance();
    const b = instance(); // another process, or this one after a restart or a key rotation
    const call = { name: 'twoSteps', arguments: {} };
    const recorder = new TesseraClient({ elicitation });
    await recorder.connect({ fetch: (r) => a.fetch(r) });
    const first = await recorder.callTool(call, { allowInputRequired: true });
    if (!isInputRequired(first)) throw new Error('expected input_required');
    const inputResponses = await recorder.fulfil(first.inputRequests ?? {}, {
      call: { method: 'tools/call', ...call },
    });

    const rounds: RoundEvent[] = [];
    const resumer = new TesseraClient({ elicitation, hooks: { onRound: (e) => void rounds.push(e) } });
    await resumer.connect({ fetch: (r) => b.fetch(r) });
    const result = await resumer.callTool(call, { requestState: first.requestState, inputResponses });
    expect(result.content).toEqual([{ type: 'text', text: 'ab' }]);
    expect(rounds.map((r) => [r.round, r.restarted ?? false])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);

    const strict = new TesseraClient({ elicitation, restartOnInvalidState: false });
    await strict.connect({ fetch: (r) => b.fetch(r) });
    await expect(strict.callTool(call, { requestState: first.requestState, inputResponses })).rejects.toMatchObject({
      code: -32602,
    });
  });

  test('with restartOnInvalidState: false the fixed error reaches the caller', async () => {
    const client = new TesseraClient({ elicitation, restartOnInvalidState: false });
    await client.connect(splitFleet());
    await expect(client.callTool({ name: 'twoSteps', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Invalid or expired requestState'),
    });
  });
});
