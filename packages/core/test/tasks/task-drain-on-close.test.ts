import { Provider, Tool, createApp, silentLogger } from '../../src';
import type { TaskQueue } from '../../src/advanced';
import { listen } from '../../src/node';

/** A queue that records when the app asks it to drain and to close. */
class RecordingQueue implements TaskQueue {
  readonly calls: string[] = [];
  private heardDrain: () => void = () => undefined;
  /** Resolves when the app asks the queue to drain. */
  readonly drainAsked = new Promise<void>((resolve) => (this.heardDrain = resolve));
  start(): void {}
  async enqueue(): Promise<void> {}
  async abort(): Promise<void> {}
  async drain(): Promise<void> {
    this.calls.push('drain');
    this.heardDrain();
  }
  async close(): Promise<void> {
    this.calls.push('close');
  }
}

@Provider()
class Work {
  @Tool({ task: 'required' })
  work(): string {
    return 'done';
  }
}

test('app.close() asks the task queue to drain at once, while its listener still drains, and closes it after', async () => {
  const queue = new RecordingQueue();
  const app = createApp({ name: 'drain', version: '1', providers: [Work], logger: silentLogger, tasks: { queue } });
  await listen(app, { port: 0, readyDelayMs: 400, drainMs: 100 });
  const closing = app.close();
  await queue.drainAsked;
  expect(queue.calls).toEqual(['drain']); // the listener is still in its readyDelayMs
  await closing;
  expect(queue.calls).toEqual(['drain', 'close']);
});
