import { nodeHttpFetch, TesseraClient, type LegRetryEvent, type LegRetryOptions } from '../src';
import { recordingCallbacks } from './fixtures/callbacks.fixture';
import { FailingFront, type FrontFailure } from './fixtures/failing-front.fixture';
import type { SeenLeg } from './fixtures/mrtr-server.fixture';
import { createFixtureHandler, startHttpServer, type RunningHttpServer } from './fixtures/serve-fixture.fixture';

/*
 * Legs that fail at a balancer, over real sockets: the real SDK server behind a real HTTP front that answers
 * 503/502/504, cuts connections, or stops listening (connection refused). `greet` takes two legs: the first
 * carries no answers, the second carries the user's name.
 */

let backend: RunningHttpServer;
let seen: SeenLeg[];
let front: FailingFront;
const clients: TesseraClient[] = [];

beforeEach(async () => {
  seen = [];
  backend = await startHttpServer(createFixtureHandler(seen));
  front = new FailingFront(backend.url);
  await front.start();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
  await front.close();
  await backend.close();
});

/** A client through the front; waits are recorded (and skipped), and may run an action (reopen the port). */
async function connect(legRetry?: LegRetryOptions, onWait?: () => Promise<void>) {
  const retries: LegRetryEvent[] = [];
  const waits: number[] = [];
  const client = new TesseraClient({
    ...recordingCallbacks().callbacks,
    legRetry,
    hooks: { onLegRetry: (e) => void retries.push(e) },
    sleep: async (ms) => {
      waits.push(ms);
      await onWait?.();
    },
  });
  clients.push(client);
  await client.connect({ url: front.url });
  return { client, retries, waits };
}

const greet = (client: TesseraClient) => client.callTool({ name: 'greet', arguments: { greeting: 'Hello' } });
const greetLegs = () => seen.filter((l) => l.target === 'greet');

describe('legs that certainly never reached a handler are retried, bounded, with backoff', () => {
  test('503 (no instance took the leg) twice on the answered leg: retried, the flow completes, each retry reported', async () => {
    front.failures.set(2, 503).set(3, 503);
    const { client, retries, waits } = await connect();
    const result = await greet(client);
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    expect(
      retries.map((r) => [
        r.leg,
        r.attempt,
        r.failure.kind,
        r.failure.status,
        r.failure.reachedHandler,
        r.carriesAnswers,
        r.delayMs,
      ]),
    ).toEqual([
      [2, 1, 'no_upstream', 503, false, true, 100],
      [2, 2, 'no_upstream', 503, false, true, 200],
    ]);
    expect(waits).toEqual([100, 200]);
    expect(greetLegs()).toHaveLength(2); // the handler saw each leg once
  });

  test('connection refused: the port stops listening, the client waits and retries until it listens again', async () => {
    const port = new URL(front.url).port;
    let reopened = false;
    const { client, retries } = await connect(undefined, async () => {
      if (!reopened) {
        reopened = true;
        await front.start(); // same port again
      }
    });
    await front.refuseConnections();
    expect(front.listening).toBe(false);
    const result = await greet(client);
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    expect(new URL(front.url).port).toBe(port);
    expect(retries.map((r) => [r.leg, r.failure.kind, r.failure.reachedHandler])).toEqual([
      [1, 'connection_refused', false],
    ]);
  });

  test('bounded: an eleventh 503 in a row is thrown (10 retries, about 13 s, by default), and maxRetries: 0 never retries', async () => {
    for (let n = 1; n <= 11; n++) front.failures.set(n, 503);
    const { client, retries, waits } = await connect();
    await expect(greet(client)).rejects.toMatchObject({ name: 'SdkHttpError', data: { status: 503 } });
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(waits).toEqual([100, 200, 400, 800, 1600, 2000, 2000, 2000, 2000, 2000]);

    front.failures.set(12, 503);
    const off = await connect({ maxRetries: 0 });
    await expect(greet(off.client)).rejects.toMatchObject({ data: { status: 503 } });
    expect(off.retries).toEqual([]);
  });
});

describe('a stopping instance and a store outage are retried like a balancer 503, waiting what the server asks', () => {
  test("a draining instance's 503 (retryAfterMs 300) on the answered leg: retried after 300 ms, the flow completes", async () => {
    front.failures.set(2, 'draining');
    const { client, retries, waits } = await connect();
    expect((await greet(client)).content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    expect(retries.map((r) => [r.leg, r.failure.kind, r.failure.reachedHandler, r.failure.retryAfterMs])).toEqual([
      [2, 'no_upstream', false, 300],
    ]);
    expect(waits).toEqual([300]);
  });

  test('-31503 store_unavailable (retryAfterMs 700) twice on the answered leg: retried, the handler ran it once', async () => {
    front.failures.set(2, 'store-unavailable').set(3, 'store-unavailable');
    const { client, retries, waits } = await connect();
    expect((await greet(client)).content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    expect(retries.map((r) => [r.leg, r.attempt, r.failure.kind, r.failure.reachedHandler, r.carriesAnswers])).toEqual([
      [2, 1, 'store_unavailable', false, true],
      [2, 2, 'store_unavailable', false, true],
    ]);
    expect(waits).toEqual([700, 700]);
    expect(greetLegs().filter((l) => l.inputResponses !== undefined)).toHaveLength(1);
  });
});

describe('connect() retries its handshake the same way, reported to onConnectRetry', () => {
  test('a 503 from a draining instance, then a 502, then a refused connection: connect succeeds and a call completes', async () => {
    front.handshakeFailures.push('draining', 502);
    const events: Array<[number, string, number]> = [];
    const waits: number[] = [];
    const client = new TesseraClient({
      ...recordingCallbacks().callbacks,
      hooks: { onConnectRetry: (e) => void events.push([e.attempt, e.failure.kind, e.delayMs]) },
      sleep: async (ms) => void waits.push(ms),
    });
    clients.push(client);
    await client.connect({ url: front.url });
    expect(events).toEqual([
      [1, 'no_upstream', 300],
      [2, 'bad_gateway', 200],
    ]);
    expect((await greet(client)).content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);

    const port = new URL(front.url).port;
    await front.refuseConnections();
    const later = new TesseraClient({
      ...recordingCallbacks().callbacks,
      hooks: { onConnectRetry: (e) => void events.push([e.attempt, e.failure.kind, e.delayMs]) },
      sleep: async () => {
        if (!front.listening) await front.start();
      },
    });
    clients.push(later);
    // the node:http sender opens a new connection here; the default (undici's process-wide pool) may first meet
    // the reset of a connection the front cut, a connection_reset, retried the same way
    await later.connect({ url: front.url, fetch: nodeHttpFetch() });
    expect(new URL(front.url).port).toBe(port);
    expect(events.at(-1)).toEqual([1, 'connection_refused', 100]);
  });

  test('bounded by legRetry.maxRetries; an error that is not fleet-shaped is thrown at once', async () => {
    front.handshakeFailures.push(503, 503, 503);
    const client = new TesseraClient({ legRetry: { maxRetries: 2 }, sleep: async () => undefined });
    clients.push(client);
    await expect(client.connect({ url: front.url })).rejects.toMatchObject({ data: { status: 503 } });
    front.handshakeFailures.length = 0;
    front.handshakeFailures.push(500);
    const retried: unknown[] = [];
    const wrong = new TesseraClient({ hooks: { onConnectRetry: (e) => void retried.push(e) } });
    clients.push(wrong);
    await expect(wrong.connect({ url: front.url })).rejects.toMatchObject({ data: { status: 500 } });
    expect(retried).toEqual([]);
  });
});

describe('legs that may have reached a handler (502, 504, reset): retried when they carry no answers (default)', () => {
  test.each<[FrontFailure, string]>([
    [502, 'bad_gateway'],
    [504, 'gateway_timeout'],
    ['reset-before-answer', 'connection_reset'],
  ])('%s on the first leg (no answers): retried, the flow completes', async (failure, kind) => {
    front.failures.set(1, failure);
    const { client, retries } = await connect();
    expect((await greet(client)).content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    expect(retries.map((r) => [r.leg, r.failure.kind, r.failure.reachedHandler, r.carriesAnswers])).toEqual([
      [1, kind, 'maybe', false],
    ]);
  });

  test('502 on the leg carrying the answer: not retried by default, the error reaches the caller', async () => {
    front.failures.set(2, 502);
    const { client, retries } = await connect();
    await expect(greet(client)).rejects.toMatchObject({ name: 'SdkHttpError', data: { status: 502 } });
    expect(retries).toEqual([]);
  });

  test('the answered leg ran and its answer was lost (forwarded, then reset): default surfaces it; uncertain: "always" sends it again', async () => {
    front.failures.set(2, 'forward-then-reset');
    const strict = await connect();
    await expect(greet(strict.client)).rejects.toThrow();
    expect(strict.retries).toEqual([]);
    expect(greetLegs()).toHaveLength(2); // the handler did run the answered leg

    seen.length = 0;
    front.failures.set(4, 'forward-then-reset'); // tools/call #3 and #4: the next flow's two legs
    const always = await connect({ uncertain: 'always' });
    expect((await greet(always.client)).content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    expect(always.retries.map((r) => [r.leg, r.failure.kind, r.carriesAnswers])).toEqual([
      [2, 'connection_reset', true],
    ]);
    expect(greetLegs().filter((l) => l.inputResponses !== undefined)).toHaveLength(2); // the handler ran it twice
  });

  test('by default an answered leg of unknown outcome is resent when running it twice changes nothing: a tool listed idempotentHint, a prompt', async () => {
    const { client, retries } = await connect();
    // not listed beforehand: the client lists the tools when the answer decides a retry
    front.failures.set(2, 'forward-then-reset'); // tools/call #1 and #2: the flow's two legs
    const greeted = await client.callTool({ name: 'greet-idempotent', arguments: { greeting: 'Hello' } });
    expect(greeted.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    expect(retries.map((r) => [r.leg, r.failure.kind, r.carriesAnswers])).toEqual([[2, 'connection_reset', true]]);
    expect(seen.filter((l) => l.target === 'greet-idempotent' && l.inputResponses !== undefined)).toHaveLength(2);

    retries.length = 0;
    front.failures.set(5, 'forward-then-reset'); // the resent leg was #3; prompts/get #4 and #5
    const prompt = await client.getPrompt({ name: 'briefing', arguments: { subject: 'tides' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Brief Ada on tides' });
    expect(retries.map((r) => [r.leg, r.failure.kind, r.carriesAnswers])).toEqual([[2, 'connection_reset', true]]);

    // greet's listing says nothing: its answered leg of unknown outcome is surfaced, as before
    front.failures.set(8, 'forward-then-reset'); // #6 the resent prompt leg; greet #7 and #8
    retries.length = 0;
    await expect(greet(client)).rejects.toThrow();
    expect(retries).toEqual([]);
  });

  test('uncertain: "never" surfaces even a failed first leg', async () => {
    front.failures.set(1, 502);
    const { client, retries } = await connect({ uncertain: 'never' });
    await expect(greet(client)).rejects.toMatchObject({ data: { status: 502 } });
    expect(retries).toEqual([]);
  });
});

test('manual mode retries its one leg too', async () => {
  front.failures.set(1, 503);
  const { client, retries } = await connect();
  const first = await client.callTool({ name: 'greet', arguments: { greeting: 'Hi' } }, { allowInputRequired: true });
  expect(first).toMatchObject({ resultType: 'input_required' });
  expect(retries.map((r) => r.failure.kind)).toEqual(['no_upstream']);
});

test('bad legRetry settings are refused at construction, naming the field', () => {
  expect(() => new TesseraClient({ legRetry: { maxRetries: -1 } })).toThrow(
    'legRetry.maxRetries must be a non-negative integer, got -1',
  );
  expect(() => new TesseraClient({ legRetry: { initialDelayMs: 1.5 } })).toThrow(
    'legRetry.initialDelayMs must be a non-negative integer, got 1.5',
  );
  expect(() => new TesseraClient({ legRetry: { uncertain: 'sometimes' as 'always' } })).toThrow(
    `legRetry.uncertain must be 'unanswered', 'always' or 'never', got "sometimes"`,
  );
});
