import { Provider, Tool, createApp, silentLogger } from '../../src';
import { MemoryTaskStore } from '../../src/advanced';
import type { TaskChange } from '../../src/tasks/task-store';
import { result, waitFor } from './support/task-requests';

/** A store that refuses its next `failures` updates (and `loadFailures` loads), as Redis does while it restarts. */
class FlakyStore extends MemoryTaskStore {
  failures = 0;
  loadFailures = 0;
  refused = 0;

  override async load(taskId: string) {
    if (this.loadFailures > 0) {
      this.loadFailures--;
      this.refused++;
      throw new Error('The client is offline');
    }
    return super.load(taskId);
  }

  override async update(taskId: string, change: TaskChange) {
    if (this.failures > 0) {
      this.failures--;
      this.refused++;
      throw new Error('The client is closed');
    }
    return super.update(taskId, change);
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

describe('a task step while the store refuses calls', () => {
  test('its outcome is written once the store is back; the method is not run again', async () => {
    const store = new FlakyStore();
    const app = createApp({
      name: 'flaky',
      version: '1',
      providers: [Work],
      logger: silentLogger,
      tasks: { store, pollIntervalMs: 50 },
    });
    try {
      Work.runs = 0;
      store.failures = 3;
      const { taskId } = await result(app, 'tools/call', { name: 'work', arguments: {} });
      const done = await waitFor(app, taskId);
      expect(done).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'done' }] } });
      expect(store.refused).toBe(3);
      expect(Work.runs).toBe(1);
    } finally {
      await app.close();
    }
  });

  test('its read of the task waits for the store; the method runs once and the task completes', async () => {
    const store = new FlakyStore();
    const app = createApp({
      name: 'flaky',
      version: '1',
      providers: [Work],
      logger: silentLogger,
      tasks: { store, pollIntervalMs: 50 },
    });
    try {
      Work.runs = 0;
      store.loadFailures = 3;
      const { taskId } = await result(app, 'tools/call', { name: 'work', arguments: {} });
      const done = await waitFor(app, taskId);
      expect(done).toMatchObject({ status: 'completed' });
      expect(store.refused).toBe(3);
      expect(Work.runs).toBe(1);
    } finally {
      await app.close();
    }
  });
});
