import {
  CallAbortedError,
  CallTimeoutError,
  InputRequiredRoundsExceededError,
  StateOnlyBackoff,
  TesseraClient,
  TesseraClientErrorCode,
  type RoundEvent,
  type TesseraClientOptions,
} from '../src';
import { abortableSleep } from '../src/rounds/sleep';
import { recordingCallbacks } from './fixtures/callbacks.fixture';
import type { SeenLeg } from './fixtures/mrtr-server.fixture';
import { createFixtureHandler } from './fixtures/serve-fixture.fixture';

async function connected(seen: SeenLeg[], options: TesseraClientOptions = {}) {
  const client = new TesseraClient({ ...recordingCallbacks().callbacks, ...options });
  const handler = createFixtureHandler(seen);
  await client.connect({ fetch: (request) => handler.fetch(request) });
  return client;
}

describe('round limits, backoff and deadlines', () => {
  let seen: SeenLeg[];
  let client: TesseraClient | undefined;

  beforeEach(() => {
    seen = [];
  });
  afterEach(() => client?.close());

  it('fails past maxRounds with a typed error naming the call and the rounds made', async () => {
    client = await connected(seen, { maxRounds: 3 });
    const failure = client.callTool({ name: 'forever', arguments: {} });
    await expect(failure).rejects.toBeInstanceOf(InputRequiredRoundsExceededError);
    const error = (await failure.catch((e: unknown) => e)) as InputRequiredRoundsExceededError;
    expect(error.code).toBe(TesseraClientErrorCode.InputRequiredRoundsExceeded);
    expect(error.code).toBe('TESSERA_INPUT_REQUIRED_ROUNDS_EXCEEDED');
    expect(error.message).toContain("tools/call 'forever'");
    expect(error.message).toContain('after 3 rounds');
    expect(error.message).toContain('allowInputRequired');
    expect(error.rounds).toBe(3);
    expect(error.lastResult.requestState).toBe('loop');
    expect(error.message).toContain('The server kept asking "again" (4 of 4 legs), last as: "Again?".');
    expect(error.repeatedQuestion).toEqual({ key: 'again', times: 4, message: 'Again?' });
    // maxRounds counts retries: the first leg plus 3 retries reached the server.
    expect(seen).toHaveLength(4);
  });

  it('a call that only ever answers "not done yet" says so when it runs out of rounds', async () => {
    client = await connected(seen, { maxRounds: 2, sleep: async () => undefined });
    const error = (await client
      .callTool({ name: 'steps', arguments: { plan: 'SSSSSS' } })
      .catch((e: unknown) => e)) as InputRequiredRoundsExceededError;
    expect(error.message).toContain('The server kept answering "not done yet" (state only).');
    expect(error.repeatedQuestion).toBeUndefined();
  });

  it('defaults maxRounds to 10 (11 legs) and lets a call override it', async () => {
    client = await connected(seen);
    await expect(client.callTool({ name: 'forever', arguments: {} })).rejects.toMatchObject({
      rounds: 10,
      maxRounds: 10,
    });
    expect(seen).toHaveLength(11);
    await expect(client.callTool({ name: 'forever', arguments: {} }, { maxRounds: 0 })).rejects.toMatchObject({
      rounds: 0,
    });
    expect(seen).toHaveLength(12);
  });

  it('backs off state-only rounds 50, 100, 200, 250, 250', async () => {
    const waits: number[] = [];
    client = await connected(seen, { sleep: async (ms) => void waits.push(ms) });
    const result = await client.callTool({ name: 'steps', arguments: { plan: 'SSSSSS' } });
    expect(result.content).toEqual([{ type: 'text', text: 'done after 6 rounds' }]);
    expect(waits).toEqual([50, 100, 200, 250, 250, 250]);
  });

  it('resets the backoff after a round with real requests (50, 100, 0, 50)', async () => {
    const waits: number[] = [];
    const rounds: RoundEvent[] = [];
    client = await connected(seen, {
      sleep: async (ms) => void waits.push(ms),
      hooks: { onRound: (event) => void rounds.push(event) },
    });
    await client.callTool({ name: 'steps', arguments: { plan: 'SSAS' } });
    expect(rounds.map((round) => round.delayMs)).toEqual([50, 100, 0, 50]);
    expect(rounds.map((round) => round.stateOnly)).toEqual([true, true, false, true]);
    expect(waits).toEqual([50, 100, 50]);
    // State-only retries carry the state and no answers.
    expect(seen[1]).toMatchObject({ requestState: 'step:1' });
    expect(seen[1]!.inputResponses).toBeUndefined();
  });

  it('waits for real with the default sleep (jest fake timers)', async () => {
    jest.useFakeTimers();
    try {
      const backoff = new StateOnlyBackoff();
      const delays = [backoff.next(), backoff.next(), backoff.next(), backoff.next(), backoff.next()];
      expect(delays).toEqual([50, 100, 200, 250, 250]);
      backoff.reset();
      expect(backoff.next()).toBe(50);

      let done = false;
      const sleeping = abortableSleep(100, new AbortController().signal).then(() => (done = true));
      jest.advanceTimersByTime(99);
      await Promise.resolve();
      expect(done).toBe(false);
      jest.advanceTimersByTime(1);
      await sleeping;
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('times out a whole call with timeoutMs, across rounds', async () => {
    client = await connected(seen);
    const started = Date.now();
    const failure = client.callTool({ name: 'steps', arguments: { plan: 'SSSSSSSSS' } }, { timeoutMs: 120 });
    await expect(failure).rejects.toBeInstanceOf(CallTimeoutError);
    await expect(failure).rejects.toMatchObject({ code: 'TESSERA_CALL_TIMEOUT', timeoutMs: 120 });
    expect(Date.now() - started).toBeLessThan(5000);
    // 50 + 100 ms of backoff fit before the deadline; the third wait is cut short.
    expect(seen.length).toBeLessThanOrEqual(3);
  });

  it('stops when the caller aborts, even inside a callback', async () => {
    const controller = new AbortController();
    let sawAbort = false;
    client = await connected(seen, {
      elicitation: (_params, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            sawAbort = true;
            reject(new Error('user closed the dialog'));
          });
          setTimeout(() => controller.abort('navigated away'), 10);
        }),
    });
    const failure = client.callTool({ name: 'greet', arguments: { greeting: 'Yo' } }, { signal: controller.signal });
    await expect(failure).rejects.toBeInstanceOf(CallAbortedError);
    await expect(failure).rejects.toMatchObject({ code: 'TESSERA_CALL_ABORTED', cause: 'navigated away' });
    expect(sawAbort).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('refuses a call whose signal is already aborted before sending anything', async () => {
    client = await connected(seen);
    const controller = new AbortController();
    controller.abort();
    await expect(
      client.callTool({ name: 'greet', arguments: { greeting: 'x' } }, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(CallAbortedError);
    expect(seen).toHaveLength(0);
  });
});
