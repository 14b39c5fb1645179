import type { TesseraApp } from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { TesseraClient, type TaskStatusEvent } from '@tessera/client';
import { EventEmitter, once } from 'node:events';
import {
  newTaskApp as newApp,
  resultText as text,
  stepsPace,
  taskClients,
  type TaskAppTarget,
} from './fixtures/task-app.fixture';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long enough that a call finishing well within it was woken by notifications, not by its polls. */
const SLOW_POLL_MS = 10_000;

/**
 * The app behind an in-process fetch that records each request's method and, once `cut` is set, ends every
 * `subscriptions/listen` stream right after its first message (the acknowledgement): a dropped stream.
 */
function recorded(app: TesseraApp) {
  const methods: string[] = [];
  /** Emits each request's method (as the event name) once it is recorded. */
  const requests = new EventEmitter();
  const state = { cut: false, cuts: 0 };
  const fetch = async (request: Request): Promise<Response> => {
    const body = (await request
      .clone()
      .json()
      .catch(() => undefined)) as { method?: string } | undefined;
    methods.push(body?.method ?? request.method);
    requests.emit(body?.method ?? request.method);
    const response = await app.fetch(request);
    if (body?.method !== 'subscriptions/listen' || !state.cut || response.body === null) return response;
    const reader = response.body.getReader();
    let passed = false;
    const cutAfterFirst = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (passed) {
          state.cuts++;
          await reader.cancel();
          controller.close();
          return;
        }
        const { value, done } = await reader.read();
        passed = true;
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    return new Response(cutAfterFirst, { status: response.status, headers: response.headers });
  };
  return { fetch, methods, requests, state };
}

/** Events of `onTaskStatus`, and `steps` paced to go on only once each of its messages was heard. */
function heardStatuses(): { events: TaskStatusEvent[]; onTaskStatus: (e: TaskStatusEvent) => void } {
  const events: TaskStatusEvent[] = [];
  const heard = new EventEmitter();
  stepsPace.after = async (message) => {
    if (!events.some((e) => e.statusMessage === message)) await once(heard, message);
  };
  return { events, onTaskStatus: (e) => (events.push(e), heard.emit(e.statusMessage ?? '')) };
}

afterEach(() => {
  stepsPace.after = async () => undefined;
});

describe.each(['memory', 'http'] as const)('TesseraClient hears notifications/tasks (%s)', (mode) => {
  let app: TesseraApp;
  let http: HttpListener | undefined;
  let target: TaskAppTarget;
  let recorder: ReturnType<typeof recorded>;
  const clients = taskClients(() => target);
  const client = (options: Parameters<typeof clients.connect>[1] = {}) => clients.connect('Ada', options);

  beforeAll(async () => {
    app = newApp(SLOW_POLL_MS);
    recorder = recorded(app);
    if (mode === 'http') http = await listen(app, { port: 0 });
    target = mode === 'memory' ? { fetch: recorder.fetch } : { url: http!.url.toString() };
  });
  afterAll(async () => {
    await clients.closeAll();
    await http?.close();
    await app.close();
  });

  test('a parked question and each status change reach the client long before the next poll', async () => {
    const c = await client();
    const { events, onTaskStatus } = heardStatuses();
    const started = Date.now();
    const confirmed = await c.callTool({ name: 'confirm', arguments: {} }, { hooks: { onTaskStatus } });
    expect(text(confirmed)).toBe('confirmed by Ada');
    const stepped = await c.callTool({ name: 'steps', arguments: {} }, { hooks: { onTaskStatus } });
    expect(text(stepped)).toBe('done');
    // polling alone would have waited the server's 10 s interval at least once per call
    expect(Date.now() - started).toBeLessThan(SLOW_POLL_MS / 2);
    expect(events.map((e) => e.status)).toContain('input_required');
    expect(events.map((e) => e.statusMessage)).toEqual(expect.arrayContaining(['step 1 of 2', 'step 2 of 2']));
    expect(events.filter((e) => e.status === 'completed')).toHaveLength(2);
  }, 20_000);

  if (mode === 'memory') {
    test('each followed task opens one listen stream, closed once the task ends', async () => {
      const c = await client();
      recorder.methods.length = 0;
      await c.callTool({ name: 'steps', arguments: {} });
      expect(recorder.methods.filter((m) => m === 'subscriptions/listen')).toHaveLength(1);
      // closing the subscription tells the server so, as the SDK does for any listen stream (sent after the call ends)
      for (let i = 0; i < 400 && !recorder.methods.includes('notifications/cancelled'); i++) await pause(5);
      expect(recorder.methods).toContain('notifications/cancelled');
    }, 20_000);

    test('tasks: { listen: false } opens no stream and polls at the server interval', async () => {
      const waits: number[] = [];
      const c = await client({
        tasks: { listen: false },
        // takes no time, but lets the server's timers run
        sleep: async (ms) => {
          waits.push(ms);
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      recorder.methods.length = 0;
      expect(text(await c.callTool({ name: 'confirm', arguments: {} }))).toBe('confirmed by Ada');
      expect(recorder.methods).not.toContain('subscriptions/listen');
      expect(waits.length).toBeGreaterThan(0);
      expect(waits.every((ms) => ms >= SLOW_POLL_MS)).toBe(true);
    });
  }
});

describe('a dropped notifications stream', () => {
  test('leaves the client polling: the task is still followed to its result', async () => {
    const app = newApp(100);
    const recorder = recorded(app);
    recorder.state.cut = true;
    const c = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { name: 'Bo' } }) });
    try {
      await c.connect({ fetch: recorder.fetch });
      // each message of `steps` stays until a poll came for it
      stepsPace.after = async () => void (await once(recorder.requests, 'tasks/get'));
      const events: TaskStatusEvent[] = [];
      const result = await c.callTool(
        { name: 'steps', arguments: {} },
        { hooks: { onTaskStatus: (e) => void events.push(e) } },
      );
      expect(text(result)).toBe('done');
      expect(recorder.state.cuts).toBe(1); // the stream was opened, acknowledged, and cut
      const afterListen = recorder.methods.slice(recorder.methods.indexOf('subscriptions/listen'));
      expect(afterListen.filter((m) => m === 'tasks/get').length).toBeGreaterThan(1);
      expect(events.at(-1)!.status).toBe('completed');
      expect(text(await c.callTool({ name: 'confirm', arguments: {} }))).toBe('confirmed by Bo');
    } finally {
      await c.close();
      await app.close();
    }
  }, 20_000);
});
