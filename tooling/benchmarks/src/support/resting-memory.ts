import type { ServerChild } from './server-child';

/**
 * A server's memory at rest: a full GC and an RSS reading every `intervalMs` (a second) for `seconds`, the
 * lowest RSS kept (heap used from the last GC). After a burst V8 keeps the old generation's pages committed until its
 * memory reducer runs, at a moment of its own choosing (seen from 3 to more than 15 s after the burst, or
 * not at all), and a forced GC gives its freed pages back to the system only a little after it returns:
 * one reading at a fixed time, even right after a GC, says more about that moment than about what the
 * server holds. Every memory reading of the HTTP bench is taken this way.
 */
export async function restingMemory(
  server: Pick<ServerChild, 'memory'>,
  seconds: number,
  intervalMs = 1000,
): Promise<{ rss: number; heapUsed: number }> {
  let lowest = Infinity;
  let heapUsed = 0;
  for (let s = 0; s < seconds; s++) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    const reading = await server.memory(true);
    lowest = Math.min(lowest, reading.rss);
    heapUsed = reading.heapUsed;
  }
  return { rss: lowest, heapUsed };
}
