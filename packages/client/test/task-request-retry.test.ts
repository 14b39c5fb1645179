import type { TesseraApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { DEFAULT_LEG_RETRIES, TaskRequestFailedError, TesseraClient, type TaskRequestRetryEvent } from '../src';
import { FailingFront, type FrontFailure } from './fixtures/failing-front.fixture';
import { Jobs, newTaskApp, resultText } from './fixtures/task-app.fixture';

/*
 * A task followed through a fleet's transient failures, over real sockets: a real Tessera app with task tools
 * behind a real HTTP front that fails chosen tasks/get and tasks/update requests the way a balancer or a
 * stopping instance does. The client runs at its defaults; its waits are recorded (and skipped).
 */

let server: TesseraApp;
let backend: { url: string; close(): Promise<void> };
let front: FailingFront;
const clients: TesseraClient[] = [];

beforeAll(async () => {
  server = newTaskApp(20);
  const running = await listen(server, { port: 0 });
  backend = { url: running.url.toString(), close: () => running.close() };
});
afterAll(async () => {
  await server.close();
  await backend.close();
});
beforeEach(async () => {
  front = new FailingFront(backend.url);
  await front.start();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
  await front.close();
});

/** A client at its defaults through the front, answering every question 'Ada'; `onWait` runs in each wait. */
async function connect(onWait?: () => Promise<void>) {
  const retries: TaskRequestRetryEvent[] = [];
  const waits: number[] = [];
  const client = new TesseraClient({
    elicitation: async () => ({ action: 'accept', content: { name: 'Ada' } }),
    hooks: { onTaskRequestRetry: (e) => void retries.push(e) },
    sleep: async (ms) => {
      waits.push(ms);
      await onWait?.();
    },
  });
  clients.push(client);
  await client.connect({ url: front.url });
  return { client, retries, waits };
}

/** The first `tasks/get` or `tasks/update` fails as `kind`; 'refused' stops the front until the next wait. */
type Kind = FrontFailure | 'refused';

const KINDS: Array<[Kind, string, number | undefined]> = [
  ['refused', 'connection_refused', undefined],
  [502, 'bad_gateway', 502],
  [503, 'no_upstream', 503],
  ['draining', 'no_upstream', 503],
  ['store-unavailable', 'store_unavailable', undefined],
];

describe.each(['tasks/get', 'tasks/update'] as const)('%s failing once, then answering', (method) => {
  test.each(KINDS)('%s: sent again, the task is followed to its result, its body ran once', async (kind, named) => {
    let refusing = false;
    const { client, retries } = await connect(async () => {
      // reopened in the wait before the retry (not in a poll's wait before the refused request)
      if (refusing && retries.length > 0) {
        refusing = false;
        await front.start(); // same port again
      }
    });
    if (kind !== 'refused') front.methodFailures.set(method, [kind]);
    const refuse = async () => {
      if (kind !== 'refused' || refusing || retries.length > 0) return;
      refusing = true;
      await front.refuseConnections();
    };
    Jobs.bodies = 0;
    const result = await client.callTool(
      { name: 'confirm', arguments: {} },
      {
        // just before the first tasks/get (the task's first state is reported first) or the first tasks/update
        hooks: method === 'tasks/get' ? { onTaskStatus: () => refuse() } : { onInputResponse: () => refuse() },
      },
    );
    expect(resultText(result)).toBe('confirmed by Ada');
    // the platform fetch may have kept a socket the front then closed: a reset there, a refusal on a new one
    const seen =
      kind === 'refused' && retries[0]?.failure.kind === 'connection_reset' ? 'connection_refused' : undefined;
    expect(retries.map((r) => [r.method, r.attempt, seen ?? r.failure.kind])).toEqual([[method, 1, named]]);
    expect(typeof retries[0]!.taskId).toBe('string');
    expect(Jobs.bodies).toBe(1);
  });
});

test('a tasks/update whose answer is lost after it ran is sent again, and the task takes the answers once', async () => {
  front.methodFailures.set('tasks/update', ['forward-then-reset']);
  const { client, retries } = await connect();
  Jobs.bodies = 0;
  expect(resultText(await client.callTool({ name: 'confirm', arguments: {} }))).toBe('confirmed by Ada');
  expect(retries.map((r) => [r.method, r.failure.kind, r.failure.reachedHandler])).toEqual([
    ['tasks/update', 'connection_reset', 'maybe'],
  ]);
  expect(front.seen.filter((r) => r.body.includes('"tasks/update"'))).toHaveLength(2);
  expect(Jobs.bodies).toBe(1);
});

test('the retries wait as a leg does: 100, 200, ... ms, at least what -31503 asks', async () => {
  front.methodFailures.set('tasks/get', [503, 'store-unavailable', 502]);
  const { client, retries, waits } = await connect();
  expect(resultText(await client.callTool({ name: 'greet', arguments: { name: 'Bo' } }))).toBe('Hello, Bo!');
  expect(retries.map((r) => [r.attempt, r.failure.kind, r.delayMs])).toEqual([
    [1, 'no_upstream', 100],
    [2, 'store_unavailable', 700],
    [3, 'bad_gateway', 400],
  ]);
  expect(waits.filter((ms) => [100, 700, 400].includes(ms))).toEqual([100, 700, 400]);
});

test('a failure outlasting the retries carries the task id, and resumeTask follows the task from it', async () => {
  front.methodFailures.set(
    'tasks/get',
    Array.from({ length: DEFAULT_LEG_RETRIES + 1 }, () => 503),
  );
  const { client, retries } = await connect();
  const failed = await client.callTool({ name: 'greet', arguments: { name: 'Cy' } }).catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(TaskRequestFailedError);
  const error = failed as TaskRequestFailedError;
  expect(error).toMatchObject({
    code: 'TESSERA_TASK_REQUEST_FAILED',
    method: 'tasks/get',
    retries: DEFAULT_LEG_RETRIES,
    failure: { kind: 'no_upstream', status: 503 },
  });
  expect(error.message).toContain(`resumeTask('${error.taskId}')`);
  expect(retries.map((r) => r.delayMs)).toEqual([100, 200, 400, 800, 1600, 2000, 2000, 2000, 2000, 2000]);
  expect(resultText(await client.resumeTask(error.taskId))).toBe('Hello, Cy!');
});

test('legRetry { maxRetries: 0 } sends a task request once; its failure still carries the task id', async () => {
  front.methodFailures.set('tasks/get', ['draining']);
  const client = new TesseraClient({ legRetry: { maxRetries: 0 }, sleep: async () => undefined });
  clients.push(client);
  await client.connect({ url: front.url });
  const failed = await client.callTool({ name: 'greet', arguments: { name: 'Di' } }).catch((e: unknown) => e);
  expect(failed).toMatchObject({ name: 'TaskRequestFailedError', retries: 0, failure: { kind: 'no_upstream' } });
  expect(resultText(await client.resumeTask((failed as TaskRequestFailedError).taskId))).toBe('Hello, Di!');
});
