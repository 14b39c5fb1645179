import { MemoryTaskStore } from '../../src/advanced';
import { describeTaskStoreContract, sampleTask, UNCAPPED } from '../support/task-store-contract';

describeTaskStoreContract('MemoryTaskStore', (clock) => new MemoryTaskStore({ now: clock.now }));

describe('MemoryTaskStore', () => {
  it('refuses a second task under an id it already holds', async () => {
    const store = new MemoryTaskStore();
    await store.create(sampleTask({ createdAt: Date.now() }), UNCAPPED);
    await expect(store.create(sampleTask({ createdAt: Date.now() }), UNCAPPED)).rejects.toThrow('task id collision');
    await store.close();
  });

  it('sweeps expired tasks out of memory', async () => {
    let now = 0;
    jest.useFakeTimers();
    try {
      const store = new MemoryTaskStore({ now: () => now, sweepIntervalMs: 5 });
      await store.create(sampleTask({ createdAt: 0, ttlMs: 10 }), UNCAPPED);
      jest.advanceTimersByTime(5);
      expect(store.size).toBe(1); // swept, but not expired yet
      now = 10;
      jest.advanceTimersByTime(5);
      expect(store.size).toBe(0);
      await store.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a watcher that throws does not stop the change or the other watchers', async () => {
    const store = new MemoryTaskStore();
    const heard: string[] = [];
    store.watch(() => {
      throw new Error('boom');
    });
    store.watch((t) => heard.push(t.status));
    await store.create(sampleTask({ createdAt: Date.now() }), UNCAPPED);
    expect(heard).toEqual(['working']);
    await store.close();
  });
});
