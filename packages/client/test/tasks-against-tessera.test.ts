import { listen } from '@tessera/core/node';
import type { TesseraApp } from '@tessera/core';
import { TaskCancelledError, TaskHandle, TaskNotFoundError, type TaskStatusEvent } from '@tessera/client';
import { Jobs, newTaskApp, resultText as text, taskClients, type TaskAppTarget } from './fixtures/task-app.fixture';

describe.each(['memory', 'http'] as const)('TesseraClient and a Tessera task tool (%s)', (mode) => {
  let server: TesseraApp;
  let target: TaskAppTarget;
  const clients = taskClients(() => target);
  const client = (name = 'Ada') => clients.connect(name);

  beforeAll(async () => {
    server = newTaskApp(20);
    target =
      mode === 'memory'
        ? { fetch: (r: Request) => server.fetch(r) }
        : { url: (await listen(server, { port: 0 })).url.toString() };
  });
  afterAll(async () => {
    await clients.closeAll();
    await server.close();
  });

  test('follows a task tool to its result; without the extension an optional one runs inline', async () => {
    const c = await client();
    expect(text(await c.callTool({ name: 'greet', arguments: { name: 'Bo' } }))).toBe('Hello, Bo!');
    const handle = await c.callTool({ name: 'greet', arguments: { name: 'Bo' } }, { task: 'handle' });
    expect(handle).toBeInstanceOf(TaskHandle);
    const plain = await clients.connect('Ada', { tasks: false });
    const inline = await plain.callTool({ name: 'greet', arguments: { name: 'Cy' } }, { task: 'handle' });
    expect(inline).not.toBeInstanceOf(TaskHandle);
    expect(text(inline as { content: unknown })).toBe('Hello, Cy!');
  });

  test('answers the question a parked task asks, sees its status line, and the body runs once', async () => {
    Jobs.bodies = 0;
    const c = await client('Dee');
    const events: TaskStatusEvent[] = [];
    const asked: string[] = [];
    const result = await c.callTool(
      { name: 'confirm', arguments: {} },
      { hooks: { onTaskStatus: (e) => void events.push(e), onInputRequest: (e) => void asked.push(e.key!) } },
    );
    expect(text(result)).toBe('confirmed by Dee');
    expect(asked).toEqual(['who']);
    expect(events.map((e) => e.status)).toContain('input_required');
    expect(events.at(-1)!.status).toBe('completed');
    expect(Jobs.bodies).toBe(1);
  });

  test('a task parked by one client is finished by another (resumeTask); an unknown id is TaskNotFoundError', async () => {
    const first = await client();
    const handle = (await first.callTool({ name: 'confirm', arguments: {} }, { task: 'handle' })) as TaskHandle;
    for (let i = 0; i < 100 && (await handle.get()).status !== 'input_required'; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(handle.latest!.status).toBe('input_required');
    const second = await client('Eve');
    expect(text(await second.resumeTask(handle.taskId))).toBe('confirmed by Eve');
    await expect(second.resumeTask('AAAAAAAAAAAAAAAAAAAAAA')).rejects.toBeInstanceOf(TaskNotFoundError);
  });

  test('aborting the call cancels the task, which reaches the handler and ends cancelled', async () => {
    const c = await client();
    const controller = new AbortController();
    let taskId = '';
    const stopped = c.callTool(
      { name: 'slow', arguments: {} },
      {
        signal: controller.signal,
        hooks: {
          onTaskStatus: (e) => {
            taskId = e.taskId;
            if (e.statusMessage === 'started') controller.abort();
          },
        },
      },
    );
    await expect(stopped).rejects.toThrow(/aborted by the caller/);
    await expect(c.resumeTask(taskId)).rejects.toBeInstanceOf(TaskCancelledError);
  });
});
