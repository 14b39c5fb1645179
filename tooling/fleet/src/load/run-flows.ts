import { TesseraClient, type ElicitationCallback } from '@tessera/client';

/** Answers every question of book_service: north, morning, yes. */
const answer: ElicitationCallback = async ({ message }) => {
  const content: Record<string, string> = message.startsWith('Which depot')
    ? { depot: 'north' }
    : message.startsWith('Morning')
      ? { slot: 'morning' }
      : { confirm: 'yes' };
  return { action: 'accept', content };
};

export interface FlowTally {
  flows: number;
  completed: number;
  /** Flows that failed at least once and were started again by the driver. */
  restartedByDriver: number;
  /** Flows that never completed (after every attempt). */
  failed: number;
  /** Client-side restarts on a refused state (`restartOnInvalidState`, round hook `restarted`). */
  clientRestarts: number;
  /** Legs the client sent again after a balancer failure (`onLegRetry`). */
  legRetries: number;
  /** The first few errors, for the report. */
  errors: string[];
  elapsedMs: number;
}

export interface RunFlowsOptions {
  url: string;
  flows: number;
  concurrency: number;
  /** Attempts per flow before it counts as failed; default 4. */
  attempts?: number;
  /** The client's maxRounds; default its own (10). */
  maxRounds?: number;
  /**
   * Other traffic on the fleet while the flows run (a client calling `whoami` at random intervals). Without it,
   * the last flow left alone meets nginx's strict round robin: its legs cycle through the instances in one
   * fixed pattern, and against an instance that refuses every state that pattern can fail on every restart.
   */
  backgroundTraffic?: boolean;
  /** While this says yes, workers keep starting flows past `flows` (load that lasts as long as something else). */
  keepGoing?: () => boolean;
  /** Called after each completed flow with the number done so far (to trigger a kill, a roll...). */
  onProgress?: (done: number) => void;
}

/**
 * Runs `flows` three-leg book_service flows through `url` with `concurrency` clients working in parallel.
 * A flow whose call fails is started again (a new call), and counted.
 */
export async function runFlows(options: RunFlowsOptions): Promise<FlowTally> {
  const tally: FlowTally = {
    flows: options.flows,
    completed: 0,
    restartedByDriver: 0,
    failed: 0,
    clientRestarts: 0,
    legRetries: 0,
    errors: [],
    elapsedMs: 0,
  };
  const started = Date.now();
  let next = 0;
  const worker = async (w: number) => {
    const client = new TesseraClient({
      name: `load-${w}`,
      elicitation: answer,
      maxRounds: options.maxRounds,
      hooks: {
        onRound: (e) => void (e.restarted && tally.clientRestarts++),
        onLegRetry: () => void tally.legRetries++,
      },
    });
    await client.connect({ url: options.url });
    try {
      while (next < options.flows || options.keepGoing?.() === true) {
        const n = next++;
        let done = false;
        for (let attempt = 1; attempt <= (options.attempts ?? 4) && !done; attempt++) {
          try {
            const result = await client.callTool({ name: 'book_service', arguments: { vehicle: `TRK-${n % 1000}` } });
            const text = (result.content as Array<{ text?: string }>)[0]?.text ?? '';
            if (!text.startsWith(`Booked TRK-${n % 1000} at the north depot, morning.`))
              throw new Error(`unexpected result: ${text}`);
            done = true;
          } catch (error) {
            if (tally.errors.length < 5)
              tally.errors.push(
                `flow ${n} attempt ${attempt}: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim()}`,
              );
            if (attempt === 1) tally.restartedByDriver++;
          }
        }
        if (done) tally.completed++;
        else tally.failed++;
        options.onProgress?.(tally.completed + tally.failed);
      }
    } finally {
      await client.close().catch(() => undefined);
    }
  };
  let running = true;
  const background = options.backgroundTraffic ? noise(options.url, () => running) : Promise.resolve();
  await Promise.all(Array.from({ length: options.concurrency }, (_, w) => worker(w)));
  running = false;
  await background;
  tally.flows = next;
  tally.elapsedMs = Date.now() - started;
  return tally;
}

async function noise(url: string, running: () => boolean): Promise<void> {
  const client = new TesseraClient({ name: 'load-noise' });
  await client.connect({ url });
  try {
    while (running()) {
      await client.callTool({ name: 'whoami', arguments: {} }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, Math.random() * 20));
    }
  } finally {
    await client.close().catch(() => undefined);
  }
}
