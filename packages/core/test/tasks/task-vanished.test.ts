import { createApp, Provider, Tool, type Logger } from '../../src';
import { MemoryTaskStore, type StoredTask, type TaskChange, type TaskCreation } from '../../src/advanced';
import { failure, result } from './support/task-requests';

/** A store that loses records on demand, as a Redis restarted without persistence does. */
class LosingStore extends MemoryTaskStore {
  readonly lost = new Set<string>();
  loseOnCreate = false;

  override async create(task: StoredTask, creation: TaskCreation) {
    const outcome = await super.create(task, creation);
    if (this.loseOnCreate) this.lost.add(task.taskId);
    return outcome;
  }
  override async get(taskId: string, owner: string) {
    return this.lost.has(taskId) ? undefined : super.get(taskId, owner);
  }
  override async load(taskId: string) {
    return this.lost.has(taskId) ? undefined : super.load(taskId);
  }
  override async update(taskId: string, change: TaskChange) {
    return this.lost.has(taskId) ? undefined : super.update(taskId, change);
  }
}

let release: () => void = () => {};

@Provider()
class Jobs {
  static started = 0;

  @Tool({ task: 'optional' })
  async work(): Promise<string> {
    Jobs.started++;
    await new Promise<void>((resolve) => (release = resolve));
    return 'done';
  }
}

function app() {
  const warnings: [string, Record<string, unknown> | undefined][] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (message, fields) => void warnings.push([message, fields as Record<string, unknown>]),
    error: () => {},
  };
  const store = new LosingStore();
  const a = createApp({ name: 'jobs', version: '1', providers: [Jobs], logger, tasks: { store } });
  return { a, store, warnings };
}

const until = async (holds: () => boolean) => {
  for (let i = 0; i < 400 && !holds(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(holds()).toBe(true);
};

describe('a task whose record the store lost', () => {
  test('its queued step runs nothing and says so; tasks/get names the loss as a cause, so it never looks stuck', async () => {
    const { a, store, warnings } = app();
    Jobs.started = 0;
    store.loseOnCreate = true;
    const { taskId } = await result(a, 'tools/call', { name: 'work', arguments: {} });
    await until(() => warnings.length > 0);
    expect(warnings).toEqual([
      [
        'task record gone before its step ran: the task expired or the task store lost it',
        { method: 'tools/call', taskId },
      ],
    ]);
    expect(Jobs.started).toBe(0);
    const gone = await failure(a, 'tasks/get', { taskId });
    expect(gone).toEqual({
      code: -32602,
      message: 'Task not found (unknown, expired, not yours, or lost by the task store): it will not complete.',
    });
    await a.close();
  });

  test('lost while its step ran: the outcome is dropped, logged with the task id', async () => {
    const { a, store, warnings } = app();
    const { taskId } = await result(a, 'tools/call', { name: 'work', arguments: {} });
    await until(() => Jobs.started > 0);
    store.lost.add(taskId);
    release();
    await until(() => warnings.length > 0);
    expect(warnings[0]).toEqual([
      'task record gone while its step ran; its outcome is lost: the task expired or the task store lost it',
      { method: 'tools/call', taskId },
    ]);
    expect((await failure(a, 'tasks/get', { taskId })).message).toMatch(/lost by the task store/);
    await a.close();
  });
});
