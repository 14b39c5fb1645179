import {
  CallAbortedError,
  CallTimeoutError,
  InvalidTaskError,
  TaskCancelledError,
  TaskExpiredError,
  TaskFailedError,
  TaskHandle,
  TaskNotFoundError,
  TaskRoundsExceededError,
  TesseraClient,
  type TaskStatusEvent,
  type TesseraClientOptions,
} from '../src';
import { TaskPollPolicy } from '../src/tasks/task-poll-policy';
import { DEFAULT_TASK_POLL_MS, MAX_TASK_POLL_MS } from '../src';
import { startHttpServer } from './fixtures/serve-fixture.fixture';
import { createTaskFixture, type TaskFixture } from './fixtures/task-server.fixture';

/** A client on the fixture whose waits are recorded and take no time. */
async function connected(fixture: TaskFixture, options: TesseraClientOptions = {}) {
  const waits: number[] = [];
  const client = new TesseraClient({
    elicitation: async (params) => ({ action: 'accept', content: { name: `Ada (${params.message})` } }),
    sleep: async (ms, signal) => {
      waits.push(ms);
      if (signal.aborted) throw signal.reason;
      await new Promise((resolve) => setImmediate(resolve));
    },
    ...options,
  });
  await client.connect({ fetch: (request) => fixture.fetch(request) });
  return { client, waits };
}

describe('TesseraClient and task tools (in memory)', () => {
  let fixture: TaskFixture;
  let client: TesseraClient;
  let waits: number[];

  beforeEach(async () => {
    fixture = createTaskFixture({ pollIntervalMs: 40 });
    ({ client, waits } = await connected(fixture));
  });
  afterEach(() => client.close());

  it('follows a task to its result, declaring the extension on every request, at the server interval', async () => {
    const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
    expect(fixture.seen.map((r) => r.method)).toEqual(['tools/call', 'tasks/get', 'tasks/get']);
    expect(fixture.seen.every((r) => r.declaredTasks)).toBe(true);
    // 40 ms before the first poll, then 80 ms: the task had not changed, so the wait doubled.
    expect(waits).toEqual([40, 80]);
  });

  it('puts an input_required task’s question to the callback once and answers it with tasks/update', async () => {
    const asked: string[] = [];
    const result = await client.callTool(
      { name: 'confirm', arguments: {} },
      { hooks: { onInputRequest: (e) => void asked.push(`${e.key}:${e.kind}`) } },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'confirmed by Ada (Who confirms?)' }]);
    expect(asked).toEqual(['ok:elicitation']);
    const update = fixture.seen.find((r) => r.method === 'tasks/update')!;
    expect(update.params.inputResponses).toEqual({
      ok: { action: 'accept', content: { name: 'Ada (Who confirms?)' } },
    });
    expect(update.params).not.toHaveProperty('requestState');
  });

  it('answers every question a task shows in one update, and asks none of them twice', async () => {
    const asked: string[] = [];
    const result = await client.callTool(
      { name: 'two-questions', arguments: {} },
      { hooks: { onInputRequest: (e) => void asked.push(e.key!) } },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Ada (First?) & Ada (Second?)' }]);
    expect(asked.sort()).toEqual(['first', 'second']);
    expect(fixture.seen.filter((r) => r.method === 'tasks/update')).toHaveLength(1);
  });

  it('reports each change of status or status message to onTaskStatus', async () => {
    const events: TaskStatusEvent[] = [];
    await client.callTool({ name: 'steps', arguments: {} }, { hooks: { onTaskStatus: (e) => void events.push(e) } });
    expect(events.map((e) => [e.status, e.statusMessage])).toEqual([
      ['working', undefined],
      ['working', 'step 1 of 2'],
      ['working', 'step 2 of 2'],
      ['completed', 'done'],
    ]);
    expect(events[0]!.call).toEqual({ method: 'tools/call', name: 'steps', arguments: {} });
    expect(events[0]!.task.pollIntervalMs).toBe(40);
  });

  it('throws TaskFailedError with the JSON-RPC error of a failed task', async () => {
    const error = await client.callTool({ name: 'failing', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error).toMatchObject({ code: 'TESSERA_TASK_FAILED', error: { code: -32603, message: 'boom' } });
    expect((error as Error).message).toMatch(
      /^Task task-\d+-\w+ failed: boom \(JSON-RPC -32603\); status: the job broke\.$/,
    );
  });

  it('throws TaskCancelledError for a task cancelled elsewhere, and returns a tool error result as a result', async () => {
    await expect(client.callTool({ name: 'cancelled-elsewhere', arguments: {} })).rejects.toThrow(
      /was cancelled: an operator stopped it/,
    );
    await expect(client.callTool({ name: 'cancelled-elsewhere', arguments: {} })).rejects.toBeInstanceOf(
      TaskCancelledError,
    );
    const result = await client.callTool({ name: 'tool-error', arguments: {} });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'bad input' }] });
  });

  it('cancels the task on the server when the caller aborts, and says the call was aborted', async () => {
    const controller = new AbortController();
    const pending = client.callTool(
      { name: 'slow', arguments: {} },
      {
        signal: controller.signal,
        hooks: { onTaskStatus: (e) => void (e.statusMessage === 'started' && controller.abort('user left')) },
      },
    );
    await expect(pending).rejects.toBeInstanceOf(CallAbortedError);
    const cancel = fixture.seen.find((r) => r.method === 'tasks/cancel');
    expect(cancel?.declaredTasks).toBe(true);
    expect(fixture.tasks.get(cancel!.params.taskId as string)!.cancelRequested).toBe(true);
  });

  it('cancels on timeoutMs too, unless cancelOnAbort is false', async () => {
    const slowSleep = await connected(fixture, {
      sleep: (ms, signal) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, 5);
          signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
        }),
    });
    await expect(slowSleep.client.callTool({ name: 'slow', arguments: {} }, { timeoutMs: 60 })).rejects.toBeInstanceOf(
      CallTimeoutError,
    );
    expect(fixture.seen.filter((r) => r.method === 'tasks/cancel')).toHaveLength(1);
    await expect(
      slowSleep.client.callTool({ name: 'slow', arguments: {} }, { timeoutMs: 60, cancelOnAbort: false }),
    ).rejects.toBeInstanceOf(CallTimeoutError);
    expect(fixture.seen.filter((r) => r.method === 'tasks/cancel')).toHaveLength(1);
    await slowSleep.client.close();
  });

  it('stops answering a task that asks past maxRounds, cancels it and says which questions were left', async () => {
    const bounded = await connected(fixture, { maxRounds: 2 });
    const asked: string[] = [];
    const error = await bounded.client
      .callTool({ name: 'nagging', arguments: {} }, { hooks: { onInputRequest: (e) => void asked.push(e.key!) } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskRoundsExceededError);
    expect(error).toMatchObject({ code: 'TESSERA_TASK_ROUNDS_EXCEEDED', rounds: 2, maxRounds: 2 });
    expect(Object.keys((error as TaskRoundsExceededError).inputRequests)).toEqual(['q3']);
    expect((error as Error).message).toMatch(
      /^task task-\d+-\w+ of tools\/call 'nagging' asked for input again \("q3"\) after 2 answered rounds \(maxRounds = 2\); the client stopped answering and cancelled the task\./,
    );
    expect(asked).toEqual(['q1', 'q2']);
    const cancel = fixture.seen.find((r) => r.method === 'tasks/cancel');
    expect(fixture.tasks.get(cancel!.params.taskId as string)!.cancelRequested).toBe(true);
    // per call, and on resumeTask, as for any call
    const perCall = await bounded.client.callTool({ name: 'nagging', arguments: {} }, { maxRounds: 0 }).catch((e) => e);
    expect(perCall).toMatchObject({ rounds: 0, maxRounds: 0 });
    const handle = (await bounded.client.callTool(
      { name: 'nagging', arguments: {} },
      { task: 'handle' },
    )) as TaskHandle;
    await expect(bounded.client.resumeTask(handle.taskId, { maxRounds: 1 })).rejects.toMatchObject({ rounds: 1 });
    await expect(bounded.client.resumeTask(handle.taskId, { maxRounds: -1 })).rejects.toThrow(
      'maxRounds must be a non-negative integer, got -1',
    );
    await bounded.client.close();
  });

  it("returns a handle in 'handle' mode, to poll, answer and cancel by hand", async () => {
    const handle = await client.callTool({ name: 'confirm', arguments: {} }, { task: 'handle' });
    expect(handle).toBeInstanceOf(TaskHandle);
    const task = handle as TaskHandle;
    expect(task.latest).toMatchObject({ status: 'working', pollIntervalMs: 40 });
    expect(JSON.parse(JSON.stringify(task))).toEqual({ taskId: task.taskId });
    const parked = await task.get();
    expect(parked.status).toBe('input_required');
    if (parked.status !== 'input_required') return;
    expect(Object.keys(parked.inputRequests)).toEqual(['ok']);
    await task.update({ ok: { action: 'accept', content: { name: 'Bo' } } });
    expect(await task.result()).toMatchObject({ content: [{ type: 'text', text: 'confirmed by Bo' }] });
    const other = (await client.callTool({ name: 'slow', arguments: {} }, { task: 'handle' })) as TaskHandle;
    await other.cancel();
    expect((await other.get()).status).toBe('cancelled');
  });

  it('a plain result stays a plain result in handle mode', async () => {
    const plain = await connected(fixture, { tasks: false });
    const result = await plain.client.callTool({ name: 'greet', arguments: { name: 'Cy' } }, { task: 'handle' });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'Hello inline, Cy!' }] });
    expect(result).not.toBeInstanceOf(TaskHandle);
    expect(fixture.seen.at(-1)!.declaredTasks).toBe(false);
    await plain.client.close();
  });

  it('resumeTask picks up a parked task from another client (another process) and completes it', async () => {
    const first = (await client.callTool({ name: 'confirm', arguments: {} }, { task: 'handle' })) as TaskHandle;
    expect((await first.get()).status).toBe('input_required');
    const saved = JSON.stringify(first);
    const elsewhere = await connected(fixture, {
      elicitation: async () => ({ action: 'accept', content: { name: 'Dee' } }),
    });
    const result = await elsewhere.client.resumeTask(JSON.parse(saved).taskId);
    expect(result.content).toEqual([{ type: 'text', text: 'confirmed by Dee' }]);
    await elsewhere.client.close();
  });

  it('runs the MRTR rounds a server needs before it creates the task, then follows the task', async () => {
    const result = await client.callTool({ name: 'preflight', arguments: { name: 'Eve' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Eve!' }]);
    expect(fixture.seen.map((r) => r.method)).toEqual(['tools/call', 'tools/call', 'tasks/get', 'tasks/get']);
  });

  it('names a task the server does not know, and one that outlived its time to live', async () => {
    await expect(client.resumeTask('no-such-task')).rejects.toBeInstanceOf(TaskNotFoundError);
    await expect(client.resumeTask('no-such-task')).rejects.toThrow(/tasks\/get: the server has no task no-such-task/);
    await expect(client.callTool({ name: 'vanishing', arguments: {} })).rejects.toBeInstanceOf(TaskNotFoundError);
    const expired = await client.callTool({ name: 'expiring', arguments: {} }).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(TaskExpiredError);
    expect((expired as Error).message).toMatch(/with a time to live of 1 ms, and the server no longer has it/);
    expect(() => client.task('')).toThrow(/taskId must be a non-empty string/);
  });

  it('refuses a malformed task answer naming the field', async () => {
    await expect(client.callTool({ name: 'bad-task', arguments: {} })).rejects.toThrow(
      new InvalidTaskError("tools/call 'bad-task'", 'taskId must be a non-empty string'),
    );
    await expect(client.callTool({ name: 'malformed', arguments: {} })).rejects.toThrow(
      /a completed task must carry a result object/,
    );
  });
});

describe('TesseraClient and task tools (HTTP)', () => {
  it('sets Mcp-Name to the task id on tasks/* so a balancer can route them', async () => {
    const fixture = createTaskFixture({ pollIntervalMs: 5 });
    const server = await startHttpServer(fixture as never);
    const http = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { name: 'Fay' } }) });
    try {
      await http.connect({ url: server.url });
      const result = await http.callTool({ name: 'confirm', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: 'confirmed by Fay' }]);
      const taskId = fixture.seen.find((r) => r.method === 'tasks/get')!.params.taskId;
      const followUps = fixture.seen.filter((r) => r.method.startsWith('tasks/'));
      expect(followUps.length).toBeGreaterThanOrEqual(3);
      expect(followUps.every((r) => r.mcpName === taskId && r.declaredTasks)).toBe(true);
    } finally {
      await http.close();
      await server.close();
    }
  });
});

describe('TaskPollPolicy', () => {
  it("waits the server's interval, doubles while nothing changes up to four times it, and resets on a change", () => {
    const policy = new TaskPollPolicy();
    expect([true, false, false, false, false].map((changed) => policy.next(100, changed))).toEqual([
      100, 200, 400, 400, 400,
    ]);
    expect(policy.next(100, true)).toBe(100);
    expect(policy.next(undefined, true)).toBe(DEFAULT_TASK_POLL_MS);
    expect(policy.next(3_600_000, true)).toBe(MAX_TASK_POLL_MS);
    expect(new TaskPollPolicy({ maxIntervalMs: 150 }).next(100, false)).toBe(150);
    expect(() => new TaskPollPolicy({ defaultIntervalMs: -1 })).toThrow(/tasks.defaultIntervalMs must be/);
  });
});
