import { Provider, Tool, createApp, silentLogger } from '../../src';
import { MemoryTaskQueue, MemoryTaskStore, type StoredTask } from '../../src/advanced';
import type { TaskCreation } from '../../src/tasks/task-store';
import { failure, result, waitFor } from './support/task-requests';

/*
 * The task record is written, then handing its first step to the queue fails (the queue's Redis went down
 * between the two). The client is told to send the call again; its resend must find neither a duplicate
 * task nor a first one left `working` with no step to run it.
 */

const KEY_META = 'io.github.tessera-mcp/idempotencyKey';
const KEY = 'schedule-key-aaaaaaaaaaaa';

/** A queue that refuses its next `failures` enqueues, as BullMQ's fail-fast connection does while Redis is down. */
class FlakyQueue extends MemoryTaskQueue {
  failures = 0;

  override async enqueue(taskId: string): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    }
    return super.enqueue(taskId);
  }
}

/** A store that tells the test every task it wrote, and when each was failed. */
class RecordingStore extends MemoryTaskStore {
  readonly created: string[] = [];

  override async create(task: StoredTask, creation: TaskCreation) {
    const outcome = await super.create(task, creation);
    if (outcome.kind === 'created') this.created.push(task.taskId);
    return outcome;
  }
}

@Provider()
class Work {
  static runs = 0;

  @Tool({ task: 'required' })
  work(): string {
    Work.runs++;
    return 'done';
  }
}

function setup() {
  const store = new RecordingStore();
  const queue = new FlakyQueue();
  const app = createApp({
    name: 'schedule',
    version: '1',
    providers: [Work],
    logger: silentLogger,
    tasks: { store, queue },
  });
  Work.runs = 0;
  return { app, store, queue };
}

describe('a task created but not scheduled', () => {
  test('without an idempotency key: the call is refused retryably, the unscheduled task fails saying so, the resend runs once', async () => {
    const { app, store, queue } = setup();
    try {
      queue.failures = 1;
      const refused = await failure(app, 'tools/call', { name: 'work', arguments: {} });
      expect(refused).toMatchObject({ code: -31503, data: { reason: 'store_unavailable' } });
      expect(store.created).toHaveLength(1);
      // failed before the refusal was answered
      const first = (await store.load(store.created[0]!))!;
      expect(first).toMatchObject({
        status: 'failed',
        error: { code: -32603, data: { reason: 'not_scheduled' } },
      });
      expect(first.error!.message).toMatch(/could not be scheduled.*nothing ran/);

      const { taskId } = await result(app, 'tools/call', { name: 'work', arguments: {} });
      expect(taskId).not.toBe(store.created[0]);
      expect(await waitFor(app, taskId)).toMatchObject({ status: 'completed' });
      expect(Work.runs).toBe(1);
    } finally {
      await app.close();
    }
  });

  test('with an idempotency key: the resend is answered with the first task, ended with the reason, never a second one', async () => {
    const { app, store, queue } = setup();
    const call = { name: 'work', arguments: {}, _meta: { [KEY_META]: KEY } };
    try {
      queue.failures = 1;
      expect(await failure(app, 'tools/call', call)).toMatchObject({ code: -31503 });
      const resent = await result(app, 'tools/call', call);
      expect(resent.taskId).toBe(store.created[0]);
      expect(store.created).toHaveLength(1);
      const task = await waitFor(app, resent.taskId);
      expect(task).toMatchObject({ status: 'failed', error: { data: { reason: 'not_scheduled' } } });
      expect(task.error.message).toMatch(/new idempotency key/);
      expect(Work.runs).toBe(0);
    } finally {
      await app.close();
    }
  });
});
