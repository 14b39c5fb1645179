import { TesseraClient } from '@tessera/client';
import { connectRedis } from '@tessera/redis';
import { RedisChargeLedger } from '../charges/charge-ledger';
import type { Fleet } from '../fleet';

/** Where the instance running a `charge_card` leg is killed. */
export interface ChargeKill {
  name: string;
  /** `charge_card` asks a question first (the kill hits the leg carrying the answer); `charge_now` is a plain call. */
  tool: 'charge_card' | 'charge_now';
  /** How long the handler works after charging, and how long the recorded answer waits before the reply. */
  holdMs: number;
  pauseAfterMs: number;
  /** The instance's log line the kill waits for: inside the handler, or after the answer was recorded. */
  killAt: 'charged' | 'leg answer recorded';
  /** The documented guarantee: how often the handler runs, and how often the service charges. */
  expected: { runs: number; charges: number };
}

export const CHARGE_KILLS: readonly ChargeKill[] = [
  {
    name: 'kill -9 inside the handler, after its charge',
    tool: 'charge_card',
    holdMs: 3000,
    pauseAfterMs: 0,
    killAt: 'charged',
    // the lease lapses, the resend runs the handler again with the same key: the service sees the key, charges nothing more
    expected: { runs: 2, charges: 1 },
  },
  {
    name: 'kill -9 after the handler finished, before the reply',
    tool: 'charge_card',
    holdMs: 0,
    pauseAfterMs: 5000,
    killAt: 'leg answer recorded',
    // the resend gets the recorded answer: the handler ran once
    expected: { runs: 1, charges: 1 },
  },
  {
    name: 'plain call, kill -9 inside the handler, after its charge',
    tool: 'charge_now',
    holdMs: 3000,
    pauseAfterMs: 0,
    killAt: 'charged',
    // the call's record outlives its instance; its lease lapses and the resend runs it again, same key
    expected: { runs: 2, charges: 1 },
  },
  {
    name: 'plain call, kill -9 after the handler finished, before the reply',
    tool: 'charge_now',
    holdMs: 0,
    pauseAfterMs: 5000,
    killAt: 'leg answer recorded',
    // the resend of the plain call gets its recorded answer: the handler ran once
    expected: { runs: 1, charges: 1 },
  },
];

export interface ChargeOutcome {
  kill: ChargeKill;
  order: string;
  killed: string;
  /** The error the caller saw, if any. */
  error?: string;
  text?: string;
  legRetries: number;
  clientRestarts: number;
  runs: number;
  charges: number;
  elapsedMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One `charge_card` flow (a non-idempotent tool: one question, then a charge) or `charge_now` call (the charge alone) with the client at its defaults,
 * its final leg's instance `kill -9`'d at `kill.killAt` and restarted 0.5 s later; then what the caller saw
 * and what the shared ledger counted.
 */
export async function chargeThroughKill(fleet: Fleet, redisUrl: string, kill: ChargeKill): Promise<ChargeOutcome> {
  const order = `C-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const outcome: ChargeOutcome = {
    kill,
    order,
    killed: '',
    legRetries: 0,
    clientRestarts: 0,
    runs: 0,
    charges: 0,
    elapsedMs: 0,
  };
  const client = new TesseraClient({
    name: 'load-charges',
    elicitation: async () => ({ action: 'accept', content: { confirm: 'yes' } }),
    hooks: {
      onLegRetry: () => void outcome.legRetries++,
      onRound: (e) => void (e.restarted && outcome.clientRestarts++),
    },
  });
  const started = Date.now();
  await client.connect({ url: fleet.url.href });
  try {
    const call = client
      .callTool({ name: kill.tool, arguments: { order, holdMs: kill.holdMs, pauseAfterMs: kill.pauseAfterMs } })
      .then(
        (result) => void (outcome.text = (result.content as Array<{ text?: string }>)[0]?.text),
        (error: unknown) => void (outcome.error = error instanceof Error ? error.message : String(error)),
      );
    const victim = await instanceLogging(fleet, (line) => line.includes('"charged"') && line.includes(order));
    const key = JSON.parse(victim.line.slice(victim.line.indexOf('{'))).key as string;
    if (kill.killAt === 'leg answer recorded')
      await instanceLogging(fleet, (line) => line.includes('"leg answer recorded"') && line.includes(key), victim.id);
    outcome.killed = victim.id;
    await fleet.kill(victim.id);
    await sleep(500);
    await fleet.restart(victim.id);
    await call;
  } finally {
    await client.close().catch(() => undefined);
  }
  outcome.elapsedMs = Date.now() - started;
  const redis = await connectRedis(redisUrl);
  try {
    Object.assign(outcome, await new RedisChargeLedger(redis.client).read(order));
  } finally {
    await redis.close();
  }
  return outcome;
}

/** The first instance (or `id`) with a stderr line that `match`es, waited for up to 20 s. */
async function instanceLogging(
  fleet: Fleet,
  match: (line: string) => boolean,
  id?: string,
): Promise<{ id: string; line: string }> {
  const until = Date.now() + 20_000;
  const seen = new Map<object, number>(); // lines already looked at, per process: each is read once
  while (Date.now() < until) {
    for (const instance of fleet.instances) {
      if (id !== undefined && instance.id !== id) continue;
      const from = seen.get(instance) ?? 0;
      seen.set(instance, instance.stderr.length);
      const line = instance.stderr.slice(from).find(match);
      if (line !== undefined) return { id: instance.id, line };
    }
    await sleep(2);
  }
  throw new Error('charge scenario: the expected log line never came');
}
