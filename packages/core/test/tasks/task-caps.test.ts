import { IsString, MaxLength } from 'class-validator';
import { twoCallers } from './support/two-callers';
import { Args, createApp, Field, Provider, silentLogger, Tool, type TasksOptions } from '../../src';
import { MemoryTaskStore } from '../../src/advanced';
import { failure, result, TASKS, waitFor } from './support/task-requests';

class Note {
  @Field() @IsString() @MaxLength(100) text!: string;
}

@Provider()
class Notes {
  static bodies = 0;

  @Tool({ task: 'optional' })
  keep(@Args() args: Note): string {
    Notes.bodies++;
    return `kept ${args.text.length}`;
  }

  @Tool({ task: 'optional', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } })
  count(): string {
    Notes.bodies++;
    return 'counted';
  }
}

const verifier = twoCallers('notes');
const as = (who: string) => ({ authorization: `Bearer ${who}-token` });

function app(tasks: TasksOptions = {}) {
  const store = new MemoryTaskStore();
  const a = createApp(
    { name: 'notes', version: '1', providers: [Notes], logger: silentLogger, tasks: { store, ...tasks } },
    { auth: { verifier } },
  );
  return { a, store };
}

const keep = (text = 'hi') => ({ name: 'keep', arguments: { text } });

describe('task caps', () => {
  test('past tasks.maxTasksPerCaller a caller is refused with -31429 naming the setting; another caller is not', async () => {
    const { a, store } = app({ maxTasksPerCaller: 2 });
    for (let i = 0; i < 2; i++) await result(a, 'tools/call', keep(), TASKS, as('alice'));
    const refused = await failure(a, 'tools/call', keep(), TASKS, as('alice'));
    expect(refused).toEqual({
      code: -31429,
      message:
        'Too many tasks: this caller has 2 live tasks (tasks.maxTasksPerCaller); a task counts until its ttlMs ends.',
      data: { reason: 'task_cap', cap: 'tasks.maxTasksPerCaller', limit: 2 },
    });
    await result(a, 'tools/call', keep(), TASKS, as('mallory'));
    expect(store.size).toBe(3);
    await a.close();
  });

  test('past tasks.maxTasks every caller is refused, naming it', async () => {
    const { a, store } = app({ maxTasks: 1 });
    await result(a, 'tools/call', keep(), TASKS, as('alice'));
    const refused = await failure(a, 'tools/call', keep(), TASKS, as('mallory'));
    expect(refused.code).toBe(-31429);
    expect(refused.message).toMatch(/the server has 1 live tasks \(tasks\.maxTasks\)/);
    expect(refused.data).toEqual({ reason: 'task_cap', cap: 'tasks.maxTasks', limit: 1 });
    expect(store.size).toBe(1);
    await a.close();
  });

  test("arguments that fail validation get the tool's plain answer and store nothing; the body never runs", async () => {
    const { a, store } = app();
    Notes.bodies = 0;
    const big = await result(a, 'tools/call', keep('x'.repeat(3 * 1024 * 1024)), TASKS, as('alice'));
    expect(big).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/text/) }] });
    expect(big).not.toHaveProperty('taskId');
    const wrongType = await result(a, 'tools/call', { name: 'keep', arguments: { text: 7 } }, TASKS, as('alice'));
    expect(wrongType.isError).toBe(true);
    const schema = await result(a, 'tools/call', { name: 'count', arguments: { n: 'one' } }, TASKS, as('alice'));
    expect(schema).toMatchObject({ isError: true });
    // the same answer a client without the extension gets inline
    const inline = await result(a, 'tools/call', { name: 'keep', arguments: { text: 7 } }, {}, as('alice'));
    expect(wrongType).toEqual(inline);
    expect(store.size).toBe(0);
    expect(Notes.bodies).toBe(0);
    // valid arguments still make a task
    const { taskId } = await result(a, 'tools/call', { name: 'count', arguments: { n: 1 } }, TASKS, as('alice'));
    expect((await waitFor(a, taskId, undefined, TASKS, as('alice'))).status).toBe('completed');
    await a.close();
  });
});

describe('the tasks settings', () => {
  test('an unknown key is refused by name, listing the known ones', () => {
    expect(() => app({ ttlms: 5 } as never)).toThrow(
      'tasks: "ttlms" is not an option; known: store, queue, ttlMs, pollIntervalMs, maxResultBytes, maxTasksPerCaller, maxTasks, maxListenStreamsPerCaller, maxListenStreams, maxListenTaskIds.',
    );
  });

  test('each number must be a positive integer, named with its unit', () => {
    expect(() => app({ maxResultBytes: 0 })).toThrow(
      'tasks.maxResultBytes must be a positive integer of bytes, got 0.',
    );
    expect(() => app({ ttlMs: 1.5 })).toThrow('tasks.ttlMs must be a positive integer of milliseconds, got 1.5.');
    expect(() => app({ maxTasksPerCaller: -1 })).toThrow('tasks.maxTasksPerCaller must be a positive integer of tasks');
    expect(() => app({ maxListenStreams: Number.NaN })).toThrow(
      'tasks.maxListenStreams must be a positive integer of streams',
    );
  });
});
