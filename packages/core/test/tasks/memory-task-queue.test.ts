import { MemoryTaskQueue } from '../../src/advanced';

/**
 * One turn of the event loop: the queue runs a step a macrotask after it was enqueued (setImmediate), so a turn
 * queued after the enqueue sees the step started, and every promise it settled handled. Not a sleep: no time passes.
 */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('MemoryTaskQueue', () => {
  it('runs an enqueued step outside the enqueuing call', async () => {
    const queue = new MemoryTaskQueue();
    const ran: string[] = [];
    let stepped!: () => void;
    const step = new Promise<void>((resolve) => (stepped = resolve));
    queue.start(async (id) => {
      ran.push(id);
      stepped();
    });
    await queue.enqueue('t1');
    expect(ran).toEqual([]);
    await step;
    expect(ran).toEqual(['t1']);
    await queue.close();
  });

  it('never runs two steps of one task at once: one enqueued meanwhile follows', async () => {
    const queue = new MemoryTaskQueue();
    let inFlight = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let firstStarted!: () => void;
    const first = new Promise<void>((r) => (firstStarted = r));
    let secondDone!: () => void;
    const second = new Promise<void>((r) => (secondDone = r));
    queue.start(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      runs++;
      if (runs === 1) {
        firstStarted();
        await gate;
      }
      inFlight--;
      if (runs === 2) secondDone();
    });
    await queue.enqueue('t1');
    await first;
    await queue.enqueue('t1');
    await queue.enqueue('t1');
    release();
    await second;
    // close waits for every step in flight: a third run would have started by now, and be counted
    await queue.close();
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('abort reaches the running step signal; close aborts the rest and waits for them', async () => {
    const queue = new MemoryTaskQueue();
    const reasons: string[] = [];
    queue.start(
      (id, signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            reasons.push(`${id}: ${(signal.reason as Error).message}`);
            resolve();
          });
        }),
    );
    await queue.enqueue('a');
    await queue.enqueue('b');
    await turn();
    await queue.abort('a');
    await turn();
    expect(queue.active).toBe(1);
    await queue.close();
    expect(queue.active).toBe(0);
    expect(reasons).toEqual(['a: the task was cancelled', 'b: the server is stopping']);
    await expect(queue.enqueue('c')).rejects.toThrow('closed');
  });

  it('reports a step that throws and keeps serving', async () => {
    const failures: string[] = [];
    const queue = new MemoryTaskQueue((id, e) => failures.push(`${id}: ${(e as Error).message}`));
    let calls = 0;
    queue.start(async () => {
      calls++;
      if (calls === 1) throw new Error('step broke');
    });
    await queue.enqueue('x');
    await turn();
    await queue.enqueue('x');
    await turn();
    expect(failures).toEqual(['x: step broke']);
    expect(calls).toBe(2);
    await queue.close();
  });

  it('refuses to enqueue before start, and a second start', async () => {
    const queue = new MemoryTaskQueue();
    await expect(queue.enqueue('x')).rejects.toThrow('not been started');
    queue.start(async () => {});
    expect(() => queue.start(async () => {})).toThrow('twice');
    await queue.close();
  });
});
