import type { ServerChild } from './server-child';

const rest = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * A server's memory at rest: RSS read each second for `seconds` and once more after GC, the lowest kept
 * (heap used from that GC). V8 gives the pages of a burst's garbage back only when its memory reducer runs,
 * some seconds after the process goes quiet and at a moment of its own choosing (seen from 3 to 12 s after
 * a burst; a forced GC frees the objects, not at once the pages): one reading at a fixed time says more
 * about that moment than about what the server holds. Every reading of the HTTP bench is taken this way.
 */
export async function restingMemory(server: ServerChild, seconds: number): Promise<{ rss: number; heapUsed: number }> {
  let lowest = Infinity;
  for (let s = 0; s < seconds; s++) {
    await rest(1);
    lowest = Math.min(lowest, (await server.memory(false)).rss);
  }
  const collected = await server.memory(true);
  return { rss: Math.min(lowest, collected.rss), heapUsed: collected.heapUsed };
}
