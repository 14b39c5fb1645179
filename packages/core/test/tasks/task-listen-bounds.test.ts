import { IsString } from 'class-validator';
import { messagesOf } from './support/sse-messages';
import { twoCallers } from './support/two-callers';
import { createApp, Elicit, Field, Provider, silentLogger, Tool, type TasksOptions, type TesseraApp } from '../../src';
import { MemoryTaskStore, type TaskListener } from '../../src/advanced';
import * as wire from '../../src/tasks/task-wire';
import { result, TASKS_AND_ELICIT, waitFor } from './support/task-requests';

class Named {
  @Field() @IsString() name!: string;
}

@Provider()
class Greeter {
  @Tool({ task: 'required' })
  hello(@Elicit({ key: 'who', message: 'Who?', schema: Named }) who: Named): string {
    return `Hello, ${who.name}!`;
  }
}

const verifier = twoCallers('greeter');
const as = (who: string) => ({ authorization: `Bearer ${who}-token` });
const id = (n: number) => `L${String(n).padStart(21, '0')}`;
let nextId = 1;

function app(tasks: TasksOptions = {}) {
  const store = new MemoryTaskStore();
  const a = createApp(
    { name: 'greeter', version: '1', providers: [Greeter], logger: silentLogger, tasks: { store, ...tasks } },
    { auth: { verifier } },
  );
  return { a, store };
}

/** A `subscriptions/listen` request naming `taskIds`, through the app's fetch, as `who`. */
function listen(a: TesseraApp, who: string, taskIds: unknown): Promise<Response> {
  return a.fetch(
    new Request('http://tessera.test/mcp', {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'subscriptions/listen',
        ...as(who),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method: 'subscriptions/listen',
        params: {
          notifications: { taskIds },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'listen-test', version: '0' },
            'io.modelcontextprotocol/clientCapabilities': TASKS_AND_ELICIT,
          },
        },
      }),
    }),
  );
}

async function opened(a: TesseraApp, who: string, taskIds: unknown) {
  const stream = messagesOf(await listen(a, who, taskIds));
  await stream.until((h) => h.length > 0);
  return stream;
}

/** A task of alice's driven from creation to completion: created, parked, answered, completed. */
async function runTask(a: TesseraApp, beforeChanges: (taskId: string) => Promise<void>): Promise<string> {
  const { taskId } = await result(a, 'tools/call', { name: 'hello', arguments: {} }, TASKS_AND_ELICIT, as('alice'));
  await waitFor(a, taskId, (t) => t.status === 'input_required', TASKS_AND_ELICIT, as('alice'));
  await beforeChanges(taskId);
  const answer = { who: { action: 'accept', content: { name: 'Ada' } } };
  await result(a, 'tasks/update', { taskId, inputResponses: answer }, TASKS_AND_ELICIT, as('alice'));
  await waitFor(a, taskId, undefined, TASKS_AND_ELICIT, as('alice'));
  return taskId;
}

const notes = (heard: Record<string, any>[], taskId: string) =>
  heard.filter((m) => m.method === 'notifications/tasks' && m.params.taskId === taskId);

describe('fan-out of task changes to listen streams', () => {
  test('a change is seen by the streams naming its task only, and turned into JSON once for all of them', async () => {
    const { a, store } = app({ maxListenStreamsPerCaller: 200, maxListenStreams: 200 });
    // every delivery of a change by the store to a listener, counted
    let deliveries = 0;
    const watch = store.watch.bind(store);
    const watching = jest
      .spyOn(store, 'watch')
      .mockImplementation((listener: TaskListener) => watch((task) => (deliveries++, listener(task))));
    const serializations = jest.spyOn(wire, 'detailedTask');
    const streams: ReturnType<typeof messagesOf>[] = [];
    try {
      // alone: one stream names the task
      let watcher!: ReturnType<typeof messagesOf>;
      const quiet = await runTask(a, async (taskId) => {
        watcher = await opened(a, 'alice', [taskId]);
        streams.push(watcher);
        deliveries = 0;
        serializations.mockClear();
      });
      await watcher.until((h) => notes(h, quiet).some((n) => n.params.status === 'completed'));
      const aloneDeliveries = deliveries;
      const aloneSerializations = serializations.mock.calls.length;
      const changes = notes(watcher.heard, quiet).length;
      expect(aloneSerializations).toBe(changes);

      // crowded: 100 streams name other tasks, 20 of mallory's name this one, and two of alice's do
      const watchers: ReturnType<typeof messagesOf>[] = [];
      const crowded = await runTask(a, async (taskId) => {
        for (let n = 0; n < 100; n++) streams.push(await opened(a, 'alice', [id(n), id(n + 1000)]));
        for (let n = 0; n < 20; n++) streams.push(await opened(a, 'mallory', [taskId]));
        for (let n = 0; n < 2; n++) watchers.push(await opened(a, 'alice', [taskId]));
        streams.push(...watchers);
        deliveries = 0;
        serializations.mockClear();
      });
      for (const w of watchers) await w.until((h) => notes(h, crowded).some((n) => n.params.status === 'completed'));
      // the same notifications, each stamped with its own stream's subscription id
      const withoutMeta = (w: ReturnType<typeof messagesOf>) =>
        notes(w.heard, crowded).map((n) => ({ ...n.params, _meta: undefined }));
      expect(withoutMeta(watchers[0])).toEqual(withoutMeta(watchers[1]));
      const stamps = watchers.map(
        (w) => new Set(w.heard.map((m) => m.params._meta['io.modelcontextprotocol/subscriptionId'])),
      );
      expect(stamps.map((s) => s.size)).toEqual([1, 1]);
      expect([...stamps[0]]).not.toEqual([...stamps[1]]);
      expect(notes(watchers[0].heard, crowded)).toHaveLength(changes);
      // the same work as with one stream: one delivery per change, one serialization per change
      expect(deliveries).toBe(aloneDeliveries);
      expect(serializations.mock.calls.length).toBe(aloneSerializations);
      expect(watching).toHaveBeenCalledTimes(1);
      // mallory's streams heard nothing of alice's task
      for (const s of streams.slice(101, 121)) expect(notes(s.heard, crowded)).toEqual([]);
    } finally {
      for (const s of streams) await s.close();
      serializations.mockRestore();
      await a.close();
    }
  });
});

describe('listen stream caps', () => {
  test('past tasks.maxListenStreamsPerCaller a caller is refused with -31429 (HTTP 429); closing one frees a place', async () => {
    const { a } = app({ maxListenStreamsPerCaller: 2 });
    const first = await opened(a, 'alice', [id(1)]);
    const second = await opened(a, 'alice', [id(2)]);
    const refused = await listen(a, 'alice', [id(3)]);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: unknown }).error).toEqual({
      code: -31429,
      message:
        'subscriptions/listen: this caller has 2 task streams open (tasks.maxListenStreamsPerCaller); close one first.',
      data: { reason: 'listen_cap', cap: 'tasks.maxListenStreamsPerCaller', limit: 2 },
    });
    const other = await opened(a, 'mallory', [id(3)]);
    await first.close();
    const third = await opened(a, 'alice', [id(3)]);
    for (const s of [second, other, third]) await s.close();
    await a.close();
  });

  test('past tasks.maxListenStreams everyone is refused, naming it', async () => {
    const { a } = app({ maxListenStreams: 1 });
    const only = await opened(a, 'alice', [id(1)]);
    const refused = await listen(a, 'mallory', [id(2)]);
    expect(refused.status).toBe(429);
    const { error } = (await refused.json()) as { error: { message: string; data: unknown } };
    expect(error.message).toMatch(/this server has 1 task streams open \(tasks\.maxListenStreams\)/);
    expect(error.data).toEqual({ reason: 'listen_cap', cap: 'tasks.maxListenStreams', limit: 1 });
    await only.close();
    await a.close();
  });

  test('more ids than tasks.maxListenTaskIds, or one that is no task id, is refused with -32602 naming it', async () => {
    const { a } = app({ maxListenTaskIds: 3 });
    const many = await listen(a, 'alice', [id(1), id(2), id(3), id(4)]);
    const manyError = ((await many.json()) as { error: { code: number; message: string } }).error;
    expect(manyError.code).toBe(-32602);
    expect(manyError.message).toContain('at most 3 task ids (tasks.maxListenTaskIds)');
    for (const bad of ['x', 'A'.repeat(256), 7, 'AAAAAAAAAAAAAAAAAAAAA=']) {
      const response = await listen(a, 'alice', [id(1), bad]);
      const { error } = (await response.json()) as { error: { code: number; message: string } };
      expect(error).toEqual({
        code: -32602,
        message: 'subscriptions/listen: params.notifications.taskIds[1] is not a task id (22 base64url characters).',
      });
    }
    await a.close();
  });
});
