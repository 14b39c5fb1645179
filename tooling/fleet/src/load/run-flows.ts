import { nodeHttpFetch, TesseraClient, type ElicitationCallback } from '@tessera/client';

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
  /** Flows that never completed (after every attempt): with one attempt, every error the client surfaced. */
  failed: number;
  /** Client-side restarts on a refused state (`restartOnInvalidState`, round hook `restarted`). */
  clientRestarts: number;
  /** Legs the client sent again after a fleet failure (`onLegRetry`). */
  legRetries: number;
  /** Handshakes the client tried again (`onConnectRetry`). */
  connectRetries: number;
  /** The first few errors, for the report. */
  errors: string[];
  elapsedMs: number;
}

export interface RunFlowsOptions {
  url: string;
  flows: number;
  /** Clients that keep one connection (and one TesseraClient) for all their flows. */
  concurrency: number;
  /**
   * Clients that open a new TesseraClient for every flow, each request on a connection of its own
   * (`Connection: close`): what a CLI or a serverless caller does. Default 0.
   */
  perCallClients?: number;
  /** Attempts per flow before it counts as failed; default 1 (the driver restarts nothing: the client's defaults decide). */
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
 * Runs `flows` three-leg book_service flows through `url`, `concurrency` kept-alive clients and `perCallClients`
 * connection-per-call clients working in parallel, every client with the product's defaults. A flow whose call
 * fails is started again only when `attempts` allows, and counted.
 */
export async function runFlows(options: RunFlowsOptions): Promise<FlowTally> {
  const tally: FlowTally = {
    flows: options.flows,
    completed: 0,
    restartedByDriver: 0,
    failed: 0,
    clientRestarts: 0,
    legRetries: 0,
    connectRetries: 0,
    errors: [],
    elapsedMs: 0,
  };
  const started = Date.now();
  let next = 0;
  const note = (n: number, attempt: number, error: unknown) => {
    if (tally.errors.length < 5)
      tally.errors.push(
        `flow ${n} attempt ${attempt}: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim()}`,
      );
  };
  const open = async (w: string, perCall: boolean) => {
    const client = new TesseraClient({
      name: `load-${w}`,
      elicitation: answer,
      maxRounds: options.maxRounds,
      hooks: {
        onRound: (e) => void (e.restarted && tally.clientRestarts++),
        onLegRetry: () => void tally.legRetries++,
        onConnectRetry: () => void tally.connectRetries++,
      },
    });
    // node:http's sender: the load's client CPU stays small, and it may send `Connection: close` (fetch may not)
    await client.connect({
      url: options.url,
      fetch: nodeHttpFetch(),
      ...(perCall && { headers: { connection: 'close' } }),
    });
    return client;
  };
  const flow = async (client: TesseraClient, n: number) => {
    const result = await client.callTool({ name: 'book_service', arguments: { vehicle: `TRK-${n % 1000}` } });
    const text = (result.content as Array<{ text?: string }>)[0]?.text ?? '';
    if (!text.startsWith(`Booked TRK-${n % 1000} at the north depot, morning.`))
      throw new Error(`unexpected result: ${text}`);
  };
  const worker = async (w: string, perCall: boolean) => {
    let kept: TesseraClient | undefined;
    try {
      while (next < options.flows || options.keepGoing?.() === true) {
        const n = next++;
        let done = false;
        for (let attempt = 1; attempt <= (options.attempts ?? 1) && !done; attempt++) {
          let client: TesseraClient | undefined;
          try {
            client = perCall ? await open(w, true) : (kept ??= await open(w, false));
            await flow(client, n);
            done = true;
          } catch (error) {
            note(n, attempt, error);
            if (attempt === 1 && (options.attempts ?? 1) > 1) tally.restartedByDriver++;
          } finally {
            if (perCall) await client?.close().catch(() => undefined);
          }
        }
        if (done) tally.completed++;
        else tally.failed++;
        options.onProgress?.(tally.completed + tally.failed);
      }
    } finally {
      await kept?.close().catch(() => undefined);
    }
  };
  let running = true;
  const background = options.backgroundTraffic ? noise(options.url, () => running) : Promise.resolve();
  await Promise.all([
    ...Array.from({ length: options.concurrency }, (_, w) => worker(`k${w}`, false)),
    ...Array.from({ length: options.perCallClients ?? 0 }, (_, w) => worker(`c${w}`, true)),
  ]);
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
