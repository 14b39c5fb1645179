import { TaskExpiredError, TaskNotFoundError, TesseraClient } from '@tessera/client';
import type { Fleet } from '../fleet';
import type { RunningRedis } from '../redis/run-redis-server';
import type { InstanceProcess } from '../spawn-instance';

/**
 * The task-delivery check: `inspect_vehicle` tasks (one question, then 1-2 s of work) driven by TesseraClients at
 * their defaults through nginx, while the fleet takes a kill -9 (inside a body), a SIGTERM and a Redis restart
 * (killed, its append-only file kept, back 2 s later). What it counts, and what it demands:
 * - failed calls (any error surfaced but a lost result): 0;
 * - results lost (the task vanished: not found or expired, or a result that is not this task's): 0;
 * - questions asked twice (the client's elicitation called twice for one task): 0;
 * - bodies run twice: only those whose first run was on the killed process (the README's at-least-once).
 */

export interface TaskDeliveryOutcome {
  calls: number;
  completed: number;
  failed: number;
  lost: number;
  askedTwice: number;
  /** Per vehicle run more than once: the processes its body ran on (`i2 pid 123`); `afterKill`: twice, once on the killed one. */
  ranTwice: Array<{ vehicle: string; runs: string[]; afterKill: boolean }>;
  killed: string;
  /** The bodies the kill cut (started on the killed process, not finished there). */
  cut: number;
  /** From the kill until the last cut body started again elsewhere, in ms; undefined if one never did. */
  recoveredAfterMs?: number;
  errors: string[];
  elapsedMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long the Redis restart keeps it down. */
export const TASK_REDIS_DOWN_MS = 2_000;

export async function runTaskDelivery(
  fleet: Fleet,
  target: { redis: RunningRedis },
  clients: number,
  say: (line: string) => void,
): Promise<TaskDeliveryOutcome> {
  const started = Date.now();
  const asked = new Map<string, number>();
  const outcome: TaskDeliveryOutcome = {
    calls: 0,
    completed: 0,
    failed: 0,
    lost: 0,
    askedTwice: 0,
    ranTwice: [],
    killed: '',
    cut: 0,
    errors: [],
    elapsedMs: 0,
  };
  const note = (what: string) => {
    if (outcome.errors.length < 5) outcome.errors.push(what.replace(/\s+/g, ' ').trim());
  };
  let going = true;
  let next = 0;
  const worker = async (w: number) => {
    const client = new TesseraClient({
      name: `tasks-${w}`,
      elicitation: async ({ message }) => {
        const vehicle = /inspect (\S+)\?$/.exec(message)?.[1] ?? message;
        asked.set(vehicle, (asked.get(vehicle) ?? 0) + 1);
        return { action: 'accept', content: { bay: 'B' } };
      },
    });
    await client.connect({ url: fleet.url.href });
    try {
      while (going) {
        const n = next++;
        const vehicle = `INS-${n}`;
        outcome.calls++;
        try {
          const result = await client.callTool({
            name: 'inspect_vehicle',
            arguments: { vehicle, workMs: 1_000 + ((n * 137) % 1_000) },
          });
          const text = (result.content as Array<{ text?: string }>)[0]?.text ?? '';
          if (text.startsWith(`Inspected ${vehicle} in bay B on `)) outcome.completed++;
          else {
            outcome.lost++;
            note(`${vehicle}: result lost, got ${JSON.stringify(result).slice(0, 200)}`);
          }
        } catch (error) {
          const lost = error instanceof TaskNotFoundError || error instanceof TaskExpiredError;
          if (lost) outcome.lost++;
          else outcome.failed++;
          note(`${vehicle}: ${lost ? 'lost' : 'failed'}: ${(error as Error).message}`);
          await sleep(250); // a failure is counted once; the next task does not follow it at once
        }
      }
    } finally {
      await client.close().catch(() => undefined);
    }
  };
  const load = Promise.all(Array.from({ length: clients }, (_, w) => worker(w)));
  let recovery: Promise<void> | undefined;
  try {
    await sleep(1_500);
    // kill -9 of i2 inside a body: the moment it logs one starting
    const victim = fleet.instances.find((p) => p.id === 'i2')!;
    const seen = bodiesStarted([victim]);
    const waitUntil = Date.now() + 20_000;
    while (bodiesStarted([victim]) === seen && Date.now() < waitUntil) await sleep(5);
    outcome.killed = `i2 pid ${victim.pid}`;
    await fleet.kill('i2');
    const killedAt = Date.now();
    const cut = new Set(bodyLines(victim));
    for (const vehicle of finishedLines(victim)) cut.delete(vehicle);
    outcome.cut = cut.size;
    say(`kill -9 of i2 (pid ${victim.pid}) inside a body (${cut.size} cut)`);
    recovery = (async () => {
      // each cut body must start again on another process: when the last one did, recovery is over
      while (going || Date.now() - killedAt < 60_000) {
        const again = new Set(fleet.allProcesses.filter((p) => p !== victim).flatMap(bodyLines));
        if ([...cut].every((vehicle) => again.has(vehicle))) {
          outcome.recoveredAfterMs = Date.now() - killedAt;
          return;
        }
        await sleep(100);
      }
    })();
    await fleet.restart('i2', undefined, { downMs: 500 });
    await sleep(1_500);
    const stopped = fleet.instances.find((p) => p.id === 'i3')!;
    await fleet.restart('i3', undefined, { downMs: 500 });
    say(`SIGTERM of i3 (pid ${stopped.pid}): exit ${await stopped.exited}, its successor listening 0.5 s later`);
    await sleep(1_500);
    await target.redis.crash();
    const downAt = Date.now();
    await sleep(TASK_REDIS_DOWN_MS);
    target.redis = await target.redis.restart();
    say(
      `redis-server killed, back on its append-only file after ${((Date.now() - downAt) / 1000).toFixed(1)} s (port ${target.redis.port})`,
    );
    await sleep(1_500);
  } finally {
    going = false;
    await load;
    await recovery;
  }
  await sleep(300); // log lines travel on another pipe than the answers
  outcome.askedTwice = [...asked.values()].filter((n) => n > 1).length;
  const runs = new Map<string, string[]>();
  for (const p of fleet.allProcesses)
    for (const vehicle of bodyLines(p)) runs.set(vehicle, [...(runs.get(vehicle) ?? []), `${p.id} pid ${p.pid}`]);
  for (const [vehicle, on] of runs)
    if (on.length > 1)
      outcome.ranTwice.push({ vehicle, runs: on, afterKill: on.length === 2 && on.includes(outcome.killed) });
  outcome.elapsedMs = Date.now() - started;
  return outcome;
}

/** The vehicles whose body this process started, one per run, in order. */
function bodyLines(p: InstanceProcess): string[] {
  return p.stderr
    .filter((l) => l.includes('"inspection started"'))
    .map((l) => (JSON.parse(l) as { vehicle: string }).vehicle);
}

/** The vehicles whose body this process finished. */
function finishedLines(p: InstanceProcess): string[] {
  return p.stderr
    .filter((l) => l.includes('"inspection finished"'))
    .map((l) => (JSON.parse(l) as { vehicle: string }).vehicle);
}

function bodiesStarted(processes: readonly InstanceProcess[]): number {
  return processes.reduce((n, p) => n + bodyLines(p).length, 0);
}
