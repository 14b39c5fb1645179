import { Fleet, legsPerInstance } from './fleet';
import { generateKey, keyId } from './keys';
import { FAULTS, underLoad, type FaultTarget } from './load/fault-scenarios';
import { rawCall } from './load/raw-call';
import { runFlows, type FlowTally } from './load/run-flows';
import { runTasks } from './load/run-tasks';
import { scenarioCharges } from './load/charge-scenario';
import { runTaskDelivery } from './load/task-delivery-scenario';
import { killAllNginx, runNginx, type RunningNginx } from './nginx/run-nginx';
import { readmeNginxConfig } from './nginx/readme-nginx-config';
import { connectRedis, RedisSingleUseStore } from '@tessera/redis';
import { killAllRedis, runRedisServer, type RunningRedis } from './redis/run-redis-server';
import { killAllInstances, type InstanceProcess } from './spawn-instance';

/**
 * `npm run fleet:load [-- --quick]`: 3 instances behind nginx, sharing keys and a Redis (single-use state on),
 * driven by @tessera/client with its DEFAULT settings (the driver restarts no flow), then these checks:
 *   1. N three-leg flows, half the clients kept alive, half opening a connection per call;
 *   2. 200 task tools with two questions each, created on one instance and answered through another, one
 *      instance kill -9'd mid-run and restarted: every task completed or failed with a reason, none stuck;
 *   3. each fault of FAULTS (kill -9 + restart, SIGTERM of each instance, a rolling restart, the three-phase key
 *      rotation, a 10 s Redis outage) under 30 kept-alive + 30 connection-per-call clients: 0 flows lost, i.e.
 *      no error surfaced to any caller; the lost flows are printed per fault;
 *   4. (full run only) one instance given an unrelated key: its legs get the fixed -32602, clients restart;
 *   5. the single-use replay across two instances; 6. what single use costs a retry leg;
 *   7. a non-idempotent tool (charge_card) whose final leg's instance is kill -9'd inside the handler, and after
 *      it finished but before the reply, then the same for a plain call of one (charge_now): no error, no
 *      restarted flow, the charge made once (load/charge-scenario.ts);
 *   8. task delivery: one-question tasks from TesseraClients at their defaults through a kill -9, a SIGTERM and a
 *      Redis restart on its append-only file: 0 failed, 0 lost, 0 asked twice, a body run twice only when its
 *      first run was on the killed process (load/task-delivery-scenario.ts).
 * During every fault of 3, clients also go through a second nginx whose config is the README's deployment
 * section's nginx block (read from README.md): a hand-written config that follows the README must hold too.
 * `--only charges` or `--only tasks` runs scenario 7 or 8 alone (developing it).
 * `--quick` (CI, `npm run check:fleet`): smaller counts, scenario 4 and the separate rolling restart left out (each
 * phase of the rotation is one). Exit code 1 on any failed check.
 * Stops everything it started, whatever happens.
 */

interface Settings {
  quick: boolean;
  /** `--only charges` / `--only tasks`: scenario 7 or 8 alone. */
  only?: 'charges' | 'tasks';
  flows: number;
  concurrency: number;
}

function settingsFrom(argv: string[]): Settings {
  const quick = argv.includes('--quick');
  const flowsAt = argv.indexOf('--flows');
  const flows = flowsAt >= 0 ? Number(argv[flowsAt + 1]) : quick ? 300 : 1000;
  if (!Number.isInteger(flows) || flows < 1)
    throw new Error(`--flows must be a positive integer, got ${argv[flowsAt + 1]}`);
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? argv[onlyAt + 1] : undefined;
  if (only !== undefined && only !== 'charges' && only !== 'tasks')
    throw new Error(`--only takes "charges" or "tasks", got ${only}`);
  return { quick, flows, concurrency: quick ? 16 : 32, ...(only !== undefined && { only }) };
}

let failedChecks = 0;
function check(ok: boolean, line: string): void {
  if (!ok) failedChecks++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
}

const legsDelta = (before: Record<string, number>, processes: readonly InstanceProcess[]): Record<string, number> => {
  const after = legsPerInstance(processes);
  return Object.fromEntries(
    Object.keys(after)
      .sort()
      .map((id) => [id, after[id] - (before[id] ?? 0)]),
  );
};

const summary = (t: FlowTally) =>
  `${t.completed}/${t.flows} completed, lost (error surfaced)=${t.failed}, restarted by the driver=${t.restartedByDriver}, ` +
  `client restarts on refused state=${t.clientRestarts}, leg retries=${t.legRetries}, connect retries=${t.connectRetries}, ${(t.elapsedMs / 1000).toFixed(1)} s`;

/** Clients of every fault scenario: kept-alive ones and ones opening a connection per call. */
const CLIENTS = { keepAlive: 30, perCall: 30 };
/** Clients that go through the second nginx, the one configured from the README's deployment section. */
const README_CLIENTS = { keepAlive: 10, perCall: 10 };

async function scenarioFaults(target: FaultTarget, s: Settings): Promise<Array<[string, number]>> {
  const lost: Array<[string, number]> = [];
  for (const [k, fault] of FAULTS.filter((f) => !s.quick || !f.fullRunOnly).entries()) {
    const { tally: t, alsoTally: r } = await underLoad(fault, target, CLIENTS, (line) => console.log(`   ${line}`));
    console.log(
      `3.${k + 1} ${fault.name}, under ${CLIENTS.keepAlive} kept-alive + ${CLIENTS.perCall} connection-per-call clients: ${summary(t)}`,
    );
    if (t.errors.length > 0) console.log(`   first errors: ${t.errors.join(' | ')}`);
    const held = (x: FlowTally) => x.failed === 0 && x.restartedByDriver === 0 && x.completed === x.flows;
    check(held(t), `fault ${k + 1}: flows lost=${t.failed}`);
    if (fault.refusesNoState)
      check(t.clientRestarts === 0, `fault ${k + 1}: client restarts on a refused state=${t.clientRestarts}`);
    lost.push([fault.name, t.failed]);
    if (!r) continue;
    console.log(
      `    through the README's nginx config, ${README_CLIENTS.keepAlive} kept-alive + ${README_CLIENTS.perCall} connection-per-call clients at the same time: ${summary(r)}`,
    );
    if (r.errors.length > 0) console.log(`   first errors: ${r.errors.join(' | ')}`);
    check(held(r), `fault ${k + 1} through the README's nginx config: flows lost=${r.failed}`);
    if (fault.refusesNoState)
      check(
        r.clientRestarts === 0,
        `fault ${k + 1} through the README's nginx config: client restarts on a refused state=${r.clientRestarts}`,
      );
    lost.push([`${fault.name}, README's nginx config`, r.failed]);
  }
  return lost;
}

async function scenarioSpread(fleet: Fleet, s: Settings): Promise<void> {
  const before = legsPerInstance(fleet.allProcesses);
  const perCall = Math.round(s.concurrency / 2);
  const keepAlive = s.concurrency - perCall;
  const t = await runFlows({ url: fleet.url.href, flows: s.flows, concurrency: keepAlive, perCallClients: perCall });
  await settle();
  const legs = legsDelta(before, fleet.allProcesses);
  console.log(`1. ${s.flows} flows, ${keepAlive} kept-alive + ${perCall} connection-per-call clients: ${summary(t)}`);
  console.log(
    `   legs per instance (from their logs): ${Object.entries(legs)
      .map(([id, n]) => `${id}=${n}`)
      .join(' ')}`,
  );
  check(t.failed === 0 && t.completed === s.flows, `scenario 1: failures=${t.failed}`);
  check(
    Object.keys(legs).length === 3 && Object.values(legs).every((n) => n > 0),
    'scenario 1: every instance served legs',
  );
  if (t.errors.length > 0) console.log(`   first errors: ${t.errors.join(' | ')}`);
}

/**
 * How long each task's body works. The kill lands when this process has read i2's `task work started` line, which
 * on a loaded machine can be most of a second after i2 wrote it: a body must outlast that, or the kill meets a
 * body already finished and no step is left to recover (800 ms did, once in four runs).
 */
const TASK_WORK_MS = 2000;

async function scenarioTasks(fleet: Fleet, s: Settings): Promise<void> {
  const tasks = 200;
  const bodiesBefore = workStarted(fleet.allProcesses);
  let killed: Promise<void> | undefined;
  const t = await runTasks({
    url: fleet.url.href,
    instances: () => fleet.instances.map((p) => p.url),
    tasks,
    concurrency: s.quick ? 40 : 64,
    workMs: TASK_WORK_MS,
    onProgress: (done) => {
      if (killed === undefined && done >= tasks / 3) {
        killed = (async () => {
          // the moment i2 starts a body: killed inside it, so that step must be recovered elsewhere
          const running = fleet.instances.find((p) => p.id === 'i2')!;
          const seen = workStarted([running]);
          const waitUntil = Date.now() + 20_000;
          while (workStarted([running]) === seen && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 5));
          await fleet.kill('i2');
          console.log(`   kill -9 of i2 (pid ${running.pid}) after ${done} tasks, inside a task's body`);
          await fleet.restart('i2', undefined, { downMs: 500 });
          console.log('   i2 restarted on its port');
        })();
      }
    },
  });
  await killed;
  await settle();
  const bodies = workStarted(fleet.allProcesses) - bodiesBefore;
  console.log(
    `2. ${tasks} task tools with two questions each (plan_service, ${TASK_WORK_MS} ms of work), kill -9 of one instance mid-run, then restart: ` +
      `${t.completed} completed, ${t.failed} failed, ${t.stuck} lost or stuck, ${(t.elapsedMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `   answered through another instance than the one created on: ${t.answeredElsewhere} (through nginx, that one down: ${t.answeredThroughNginx}); ` +
      `body ran on another instance than the creator: ${t.workedElsewhere}; bodies started ${bodies} for ${t.completed} completed ` +
      `(${bodies - t.completed} run again after the kill); requests retried while i2 was down: ${t.retries}`,
  );
  if (t.failedReasons.length > 0) console.log(`   failure reasons: ${[...new Set(t.failedReasons)].join(' | ')}`);
  if (t.errors.length > 0) console.log(`   first errors: ${t.errors.join(' | ')}`);
  check(t.stuck === 0, `scenario 2: tasks lost or stuck=${t.stuck}`);
  check(
    t.completed + t.failed === tasks && t.failedReasons.every((r) => !r.endsWith('(no reason given)')),
    `scenario 2: every task completed (${t.completed}) or failed with a reason (${t.failed})`,
  );
  check(bodies > t.completed, 'scenario 2: a body interrupted by the kill ran again on another instance');
  check(
    t.answeredElsewhere + t.answeredThroughNginx === tasks && t.answeredElsewhere >= tasks / 2,
    'scenario 2: every task answered through another instance than the one it was created on',
  );
}

/** How long a step cut by a kill -9 may take to run again elsewhere, with the task queue's defaults. */
const KILLED_STEP_BOUND_MS = 17_000;

async function scenarioTaskDelivery(fleet: Fleet, target: { redis: RunningRedis }, s: Settings): Promise<void> {
  const clients = s.quick ? 24 : 40;
  const t = await runTaskDelivery(fleet, target, clients, (line) => console.log(`   ${line}`));
  const twice = t.ranTwice.map((r) => `${r.vehicle} on ${r.runs.join(', then ')}`);
  console.log(
    `8. ${t.calls} inspect_vehicle tasks (one question, then 1-2 s of work) from ${clients} TesseraClients at their defaults, ` +
      `through a kill -9, a SIGTERM and a Redis restart: ${t.completed} completed, failed calls=${t.failed}, results lost=${t.lost}, ` +
      `questions asked twice=${t.askedTwice}, bodies run twice=${t.ranTwice.length}${twice.length ? ` (${twice.join('; ')})` : ''}, ` +
      `${(t.elapsedMs / 1000).toFixed(1)} s`,
  );
  if (t.errors.length > 0) console.log(`   first errors: ${t.errors.join(' | ')}`);
  check(t.failed === 0, `scenario 8: failed calls=${t.failed}`);
  check(t.lost === 0, `scenario 8: results lost=${t.lost}`);
  check(t.askedTwice === 0, `scenario 8: questions asked twice=${t.askedTwice}`);
  const stray = t.ranTwice.filter((r) => !r.afterKill).length;
  check(stray === 0, `scenario 8: bodies run twice other than after the kill of ${t.killed}=${stray}`);
  const recovered = t.recoveredAfterMs === undefined ? 'never' : `${(t.recoveredAfterMs / 1000).toFixed(1)} s`;
  check(
    t.recoveredAfterMs !== undefined && t.recoveredAfterMs <= KILLED_STEP_BOUND_MS,
    `scenario 8: the ${t.cut} bodies the kill cut ran again in another process after ${recovered} (bound ${KILLED_STEP_BOUND_MS / 1000} s: the queue's lockDurationMs + stalledIntervalMs, 10 + 5 s, and 2 s to take the step)`,
  );
}

/** Runs of plan_service's body, from the instances' own log lines. */
function workStarted(processes: readonly InstanceProcess[]): number {
  return processes.flatMap((p) => p.stderr).filter((l) => l.includes('"task work started"')).length;
}

async function scenarioUnrelatedKey(fleet: Fleet, s: Settings, ring: Buffer[]): Promise<void> {
  const stranger = generateKey();
  const i3 = await fleet.restart('i3', [stranger]);
  const flows = s.quick ? 20 : 100;
  // A third of the legs may be refused, and each refusal costs the client a round: give it room. Other
  // traffic keeps the round robin from locking the last flow into one pattern (see backgroundTraffic).
  const t = await runFlows({
    url: fleet.url.href,
    flows,
    concurrency: Math.min(8, s.concurrency),
    maxRounds: 30,
    attempts: 10,
    backgroundTraffic: true,
  });
  await settle();
  const refused = i3.stderr.filter((l) => l.includes('"requestState refused"')).length;
  const refusedElsewhere = fleet.instances
    .filter((p) => p.id !== 'i3')
    .flatMap((p) => p.stderr)
    .filter((l) => l.includes('"requestState refused"')).length;
  console.log(`4. ${flows} flows with i3 on an unrelated key (${keyId(stranger)}): ${summary(t)}`);
  console.log(`   refusals (fixed -32602): on i3=${refused}, on the others=${refusedElsewhere} (states i3 sealed)`);
  check(
    refused + refusedElsewhere > 0 && t.clientRestarts > 0,
    'scenario 4: legs refused with the fixed -32602 and the client restarted',
  );
  check(t.failed === 0 && t.completed === flows, `scenario 4: every flow completed`);
  if (t.errors.length > 0) console.log(`   first errors: ${t.errors.join(' | ')}`);
  await fleet.restart('i3', ring);
}

async function singleUseReplay(fleet: Fleet): Promise<void> {
  const [i1, i2] = fleet.instances;
  const first = (await rawCall(fleet.url.href)).body;
  const state = first.result?.requestState as string;
  const answers = {
    depot: { action: 'accept', content: { depot: 'north' } },
    slot: { action: 'accept', content: { slot: 'morning' } },
  };
  const retry = (await rawCall(i1.url, { requestState: state, inputResponses: answers })).body;
  const replay = (await rawCall(i2.url, { requestState: state, inputResponses: answers })).body;
  console.log(
    `5. single use: retry on i1 -> ${retry.result ? 'next question' : JSON.stringify(retry.error)}; the same retry replayed on i2 -> ${JSON.stringify(replay.error)}`,
  );
  check(
    retry.result !== undefined &&
      replay.error?.code === -32602 &&
      replay.error.message === 'Invalid or expired requestState',
    'single-use replay across two instances refused',
  );
}

/** What single use adds to each retry leg: one consume (SET NX PXAT) against this Redis, timed from here. */
async function singleUseCost(redis: RunningRedis, rounds: number): Promise<void> {
  const { client, close } = await connectRedis(redis.url);
  try {
    const store = new RedisSingleUseStore({ client, keyPrefix: 'tessera:load:cost:' });
    const started = process.hrtime.bigint();
    const until = { expiresAtMs: Date.now() + 60_000 };
    for (let i = 0; i < rounds; i++) await store.consume(`n${i}`, until);
    const micros = Number(process.hrtime.bigint() - started) / 1000 / rounds;
    console.log(
      `6. single-use cost: ${micros.toFixed(0)} µs per retry leg (one SET NX PXAT to redis-server on the loopback, ${rounds} in a row)`,
    );
  } finally {
    await close();
  }
}

/** Log lines travel on another pipe than the answers: give the last ones a moment. */
const settle = () => new Promise((r) => setTimeout(r, 300));

async function main(): Promise<void> {
  const s = settingsFrom(process.argv.slice(2));
  process.on('exit', () => {
    killAllInstances();
    killAllNginx();
    killAllRedis();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
  const started = Date.now();
  let redis: RunningRedis | undefined;
  let fleet: Fleet | undefined;
  let readmeNginx: RunningNginx | undefined;
  try {
    redis = await runRedisServer();
    const ring = [generateKey()];
    fleet = await Fleet.start({
      instances: 3,
      keys: ring,
      // the task queue at its defaults: a killed instance's step runs again elsewhere within 15 s
      env: { TESSERA_REDIS_URL: redis.url },
    });
    console.log(
      `fleet: 3 instances (${fleet.instances.map((p) => `${p.id} pid ${p.pid}`).join(', ')}) behind nginx ${fleet.url.href} (pid ${fleet.nginx.pid}), ` +
        `redis-server ${redis.url}, key ring ${ring.map(keyId).join(',')}, single-use state on, node ${process.version}`,
    );
    if (s.only === 'charges') {
      await scenarioCharges(fleet, redis, check);
      return;
    }
    if (s.only === 'tasks') {
      const target = { redis };
      await scenarioTaskDelivery(fleet, target, s);
      redis = target.redis;
      return;
    }
    // A second nginx in front of the same instances, its config the README's deployment section's nginx block.
    readmeNginx = await runNginx({ upstreams: fleet.upstreams, config: readmeNginxConfig });
    console.log(
      `README's nginx config (from README.md, addresses filled in): ${readmeNginx.url.href} (pid ${readmeNginx.pid})`,
    );
    await scenarioSpread(fleet, s);
    // before the faults: its own kill is part of it, and a Redis restarted empty would drop its queue
    await scenarioTasks(fleet, s);
    const target: FaultTarget = {
      fleet,
      redis,
      ring,
      alsoThrough: { url: readmeNginx.url.href, clients: README_CLIENTS },
    };
    const lost = await scenarioFaults(target, s);
    redis = target.redis;
    if (!s.quick) await scenarioUnrelatedKey(fleet, s, ring);
    await singleUseReplay(fleet);
    await singleUseCost(redis, s.quick ? 200 : 2000);
    await scenarioCharges(fleet, redis, check);
    const tasksTarget = { redis };
    await scenarioTaskDelivery(fleet, tasksTarget, s);
    redis = tasksTarget.redis;
    console.log(`flows lost per fault: ${lost.map(([name, n]) => `${n} (${name})`).join('; ')}`);
  } finally {
    await readmeNginx?.stop().catch(() => undefined);
    await fleet?.stop().catch(() => undefined);
    await redis?.stop().catch(() => undefined);
  }
  console.log(
    `${failedChecks === 0 ? 'all checks passed' : `${failedChecks} check(s) FAILED`} in ${((Date.now() - started) / 1000).toFixed(1)} s; nginx, redis-server and every instance stopped`,
  );
  process.exit(failedChecks === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(`fleet load: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
