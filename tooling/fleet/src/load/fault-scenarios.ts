import type { Fleet } from '../fleet';
import { generateKey, keyId } from '../keys';
import type { RunningRedis } from '../redis/run-redis-server';
import { rawCall } from './raw-call';
import { runFlows, type FlowTally } from './run-flows';

/** What a fault scenario acts on: the fleet, and the Redis it shares (replaced when the outage restarts it). */
export interface FaultTarget {
  fleet: Fleet;
  redis: RunningRedis;
  /** The shared ring; the rotation replaces it. */
  ring: Buffer[];
  /**
   * Another balancer in front of the same instances (the README's hand-written nginx config): during every fault
   * its own clients start flows through it too, counted apart.
   */
  alsoThrough?: { url: string; clients: { keepAlive: number; perCall: number } };
}

export interface Fault {
  name: string;
  /** Left out of the quick run (CI) because another fault covers it there. */
  fullRunOnly?: boolean;
  /** No client may be refused its state during this fault: a client restart on a refused state fails the check. */
  refusesNoState?: boolean;
  run(target: FaultTarget, say: (line: string) => void): Promise<void>;
}

const FIRST_ANSWERS = {
  depot: { action: 'accept', content: { depot: 'north' } },
  slot: { action: 'accept', content: { slot: 'morning' } },
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long the Redis outage lasts: the client's default retry budget (about 13 s) must cover it. */
export const REDIS_OUTAGE_MS = 10_000;

/** Every fault the fleet must take without losing a flow, in the order the check runs them. */
export const FAULTS: readonly Fault[] = [
  {
    name: 'kill -9 of i2, restarted 0.5 s later',
    run: async ({ fleet }, say) => {
      const pid = fleet.instances.find((p) => p.id === 'i2')!.pid;
      await fleet.kill('i2');
      await fleet.restart('i2', undefined, { downMs: 500 });
      say(`kill -9 of i2 (pid ${pid}), restarted on its port`);
    },
  },
  {
    name: 'SIGTERM of each instance in turn, each down 1 s',
    run: async ({ fleet }, say) => {
      for (const { id } of [...fleet.instances]) {
        const instance = fleet.instances.find((p) => p.id === id)!;
        // SIGTERM; the new process boots meanwhile and binds the port 1 s after the old one exited
        await fleet.restart(id, undefined, { downMs: 1000 });
        say(`SIGTERM of ${id}: exit ${await instance.exited}, listening again 1 s later`);
      }
    },
  },
  {
    name: 'rolling restart (each instance stopped and started again at once, one at a time)',
    // each phase of the key rotation below is a rolling restart too
    fullRunOnly: true,
    run: async ({ fleet, ring }, say) => {
      await fleet.rollKeys(ring);
      say('rolled every instance, one at a time');
    },
  },
  {
    name: 'three-phase key rotation [OLD,NEW], [NEW,OLD], [NEW] (9 restarts)',
    // a state sealed by either side of a mixed fleet opens on the other: flows spanning the phases never restart
    refusesNoState: true,
    run: async (target, say) => {
      const NEW = generateKey();
      const [OLD] = target.ring;
      const sealedWithOld = (await rawCall(target.fleet.url.href)).body.result?.requestState;
      for (const keys of [[OLD, NEW], [NEW, OLD], [NEW]]) {
        await target.fleet.rollKeys(keys);
        say(`rolled every instance to [${keys.map(keyId).join(',')}]`);
      }
      target.ring.splice(0, target.ring.length, NEW);
      // After [NEW], a state sealed with OLD (here, before the roll) gets the fixed error on every instance.
      for (const instance of target.fleet.instances) {
        const late = (await rawCall(instance.url, { requestState: sealedWithOld, inputResponses: FIRST_ANSWERS })).body;
        const { code, message, data } = late.error ?? {};
        if (
          code !== -32602 ||
          message !== 'Invalid or expired requestState' ||
          data?.reason !== 'invalid_request_state'
        )
          throw new Error(`a state sealed with OLD, after [NEW], on ${instance.id}: ${JSON.stringify(late)}`);
      }
      say('a state sealed with OLD before the roll gets the fixed -32602 on every instance after [NEW]');
    },
  },
  {
    name: `Redis outage of ${REDIS_OUTAGE_MS / 1000} s (redis-server killed, started again on its port and its append-only file)`,
    run: async (target, say) => {
      await target.redis.crash();
      const stoppedAt = Date.now();
      await sleep(REDIS_OUTAGE_MS);
      target.redis = await target.redis.restart();
      say(`redis-server down ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s, back on port ${target.redis.port}`);
    },
  },
];

export interface FaultOutcome {
  fault: string;
  tally: FlowTally;
  /** The flows through `target.alsoThrough`, when there is one. */
  alsoTally?: FlowTally;
}

/**
 * Runs one fault under load: `keepAlive` kept-alive clients and `perCall` connection-per-call clients start
 * flows from 1 s before the fault until 1 s after it (and `target.alsoThrough`'s clients through that balancer), every client with the product's defaults and the driver
 * restarting nothing. A lost flow is one whose call surfaced an error.
 */
export async function underLoad(
  fault: Fault,
  target: FaultTarget,
  clients: { keepAlive: number; perCall: number },
  say: (line: string) => void,
): Promise<FaultOutcome> {
  let going = true;
  const through = (url: string, c: { keepAlive: number; perCall: number }) =>
    runFlows({ url, flows: 1, concurrency: c.keepAlive, perCallClients: c.perCall, keepGoing: () => going });
  const load = through(target.fleet.url.href, clients);
  const also = target.alsoThrough && through(target.alsoThrough.url, target.alsoThrough.clients);
  try {
    await sleep(1000);
    await fault.run(target, say);
    await sleep(1000);
  } catch (error) {
    going = false;
    await Promise.all([load, also]);
    throw error;
  }
  going = false;
  return { fault: fault.name, tally: await load, alsoTally: await also };
}
