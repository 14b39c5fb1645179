import { abortableSleep } from '../src/rounds/sleep';
import { TaskWatch } from '../src/tasks/task-watch';
import type { TaskInfo } from '../src/tasks/task-wire.types';

const seen: TaskInfo = {
  taskId: 't1',
  status: 'working',
  createdAt: '2026-12-04T10:00:00.000Z',
  lastUpdatedAt: '2026-12-04T10:00:00.000Z',
  ttlMs: null,
};

describe('TaskWatch', () => {
  it('cuts a wait short when the task is heard of, and waits in full otherwise', async () => {
    const watch = new TaskWatch(abortableSleep);
    const signal = new AbortController().signal;
    let started = Date.now();
    const waiting = watch.wait(10_000, signal, seen);
    setTimeout(() => watch.heard({ ...seen, status: 'input_required' }), 20);
    await waiting;
    expect(Date.now() - started).toBeLessThan(5_000);
    started = Date.now();
    await watch.wait(50, signal, seen);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });

  it('news heard between waits ends the next one at once, unless the loop already saw it', async () => {
    const recorded: number[] = [];
    const watch = new TaskWatch(async (ms) => void recorded.push(ms));
    const signal = new AbortController().signal;
    watch.heard({ ...seen, statusMessage: 'step 1' });
    await watch.wait(1_000, signal, seen); // news: no sleep at all
    expect(recorded).toEqual([]);
    watch.heard(seen); // what the loop last saw: no news
    await watch.wait(1_000, signal, seen);
    watch.heard('look');
    await watch.wait(1_000, signal, seen);
    expect(recorded).toEqual([1_000]);
  });

  it("rejects with the call's signal, not the wake-up", async () => {
    const watch = new TaskWatch(abortableSleep);
    const controller = new AbortController();
    const waiting = watch.wait(10_000, controller.signal, seen);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });
});
