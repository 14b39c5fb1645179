import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import {
  InputRequiredRoundsExceededError,
  TesseraClient,
  type ElicitationCallback,
  type InputResponses,
  type LegRetryEvent,
  type RoundEvent,
} from '@tessera/client';
import { Fleet } from '../src/fleet';
import { BOOK_SERVICE as BOOK, rawCall } from '../src/load/raw-call';
import { freePort } from '../src/free-port';
import { generateKey } from '../src/keys';
import { killAllNginx } from '../src/nginx/run-nginx';
import { killAllRedis, runRedisServer, type RunningRedis } from '../src/redis/run-redis-server';
import { TIMETABLE_URI } from '../src/timetable.provider';
import { connectRedis, RedisSingleUseStore } from '@tessera/redis';
import { killAllInstances, spawnInstance, type InstanceProcess } from '../src/spawn-instance';

/*
 * Real processes on 127.0.0.1 only: the instances run the BUILT dist/instance.js (the test builds it first when
 * a source is newer than its dist) behind a real nginx (the Debian package, installed when missing) running the
 * shipped nginx/fleet.conf.template on a free port, with its own prefix in a temp folder. Every test stops what
 * it started in `finally`, and afterAll kills any instance or nginx still alive.
 */

const ROOT = resolve(__dirname, '..', '..', '..');
const FLEET_SCRIPT = join(ROOT, 'tooling', 'fleet', 'dist', 'fleet.js');
const FIXED_ERROR = {
  code: -32602,
  message: 'Invalid or expired requestState',
  data: { reason: 'invalid_request_state' },
};
const FIRST_ANSWERS: InputResponses = {
  depot: { action: 'accept', content: { depot: 'north' } },
  slot: { action: 'accept', content: { slot: 'morning' } },
};
const BOOKED = 'Booked TRK-042 at the north depot, morning.';

/** A loopback port nothing listens on: bound for a moment to learn a free number, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** `tsc -b tooling/fleet` when a source of it or of a package it builds on is newer than that project's build info. */
function buildIfStale(): void {
  const projects = ['packages/request-state', 'packages/core', 'packages/client', 'packages/redis', 'tooling/fleet'];
  const stale = projects.filter((p) => {
    const info = join(ROOT, p, 'dist', '.tsbuildinfo');
    return !existsSync(info) || newestMtime(join(ROOT, p, 'src')) > statSync(info).mtimeMs;
  });
  if (stale.length === 0 && existsSync(FLEET_SCRIPT)) return;
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tooling/fleet'], {
      cwd: ROOT,
      stdio: 'pipe',
      timeout: 240_000,
    });
  } catch (error) {
    const out = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(
      `building tooling/fleet (stale: ${stale.join(', ')}) failed:\n${out.stdout ?? ''}${out.stderr ?? ''}`,
    );
  }
}

/** Answers every question of book_service: north, morning, yes. */
const answer: ElicitationCallback = async ({ message }) => {
  const content: Record<string, string> = message.startsWith('Which depot')
    ? { depot: 'north' }
    : message.startsWith('Morning')
      ? { slot: 'morning' }
      : { confirm: 'yes' };
  return { action: 'accept', content };
};

/** A TesseraClient over real HTTP (through nginx, or straight to one instance). */
async function connectClient(
  url: URL | string,
  options: {
    maxRounds?: number;
    restartOnInvalidState?: boolean;
    onRound?: (e: RoundEvent) => void;
    onLegRetry?: (e: LegRetryEvent) => void;
    sleep?: (ms: number) => Promise<void>;
  } = {},
) {
  const client = new TesseraClient({
    name: 'fleet-test',
    elicitation: answer,
    maxRounds: options.maxRounds,
    restartOnInvalidState: options.restartOnInvalidState,
    hooks: { onRound: options.onRound, onLegRetry: options.onLegRetry },
    ...(options.sleep && { sleep: options.sleep }),
  });
  await client.connect({ url: String(url) });
  return client;
}

/** Leg 1 of book_service, raw: the sealed state to come back with. */
async function firstLeg(url: URL | string): Promise<{ state: string }> {
  const r = await rawCall(url);
  expect(r.body.result?.resultType).toBe('input_required');
  expect(Object.keys(r.body.result!.inputRequests!)).toEqual(['depot', 'slot']);
  return { state: r.body.result!.requestState! };
}

/** The `leg served` and `requestState refused` log lines of some processes, parsed. */
function logEvents(processes: readonly InstanceProcess[], message: string): Array<Record<string, unknown>> {
  return processes
    .flatMap((p) => p.stderr)
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e) => e.message === message);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(() => {
  const started = Date.now();
  buildIfStale();
  if (Date.now() - started > 1000) process.stderr.write(`tooling/fleet test: built in ${Date.now() - started} ms\n`);
}, 240_000);
afterAll(() => {
  killAllInstances();
  killAllNginx();
  killAllRedis();
});

describe('fleet.js: instance processes with a shared key ring behind nginx', () => {
  test('a TesseraClient completes the three-leg flow through nginx, legs served by both instances; SIGTERM stops every process, nginx too', async () => {
    const fleet: ChildProcess = spawn(process.execPath, [FLEET_SCRIPT, '--instances', '2'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    fleet.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    fleet.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((r) => fleet.once('exit', (code) => r(code)));
    let pids: number[] = [];
    try {
      await waitFor(
        () => /fleet of 2 on (\S+)/.test(stdout) || fleet.exitCode !== null,
        30_000,
        `fleet.js to print its URL (stderr: ${stderr})`,
      );
      const url = /fleet of 2 on (\S+)/.exec(stdout)![1];
      pids = [...stdout.matchAll(/^(?:instance i\d|nginx) pid (\d+)/gm)].map((m) => Number(m[1]));
      expect(pids).toHaveLength(3); // two instances and nginx
      expect(stdout).toMatch(/^shared key ring: [0-9a-f]{8} \(ids, not keys\)$/m);

      const client = await connectClient(url);
      try {
        const result = await client.callTool(BOOK);
        expect(result.content).toEqual([
          { type: 'text', text: expect.stringMatching(new RegExp(`^${BOOKED} Final leg served by i[12]\\.$`)) },
        ]);
      } finally {
        await client.close();
      }
      // The instances' own logs: three legs, each continuing the flow, over both instances (no sticky sessions).
      await waitFor(() => stderr.split('"leg served"').length - 1 >= 3, 5000, 'three "leg served" log lines');
      const legs = stderr
        .split('\n')
        .filter((l) => l.includes('"leg served"'))
        .map((l) => JSON.parse(l) as { instance: string; continued: boolean; outcome: string });
      expect(legs.map((l) => [l.continued, l.outcome])).toEqual([
        [false, 'input_required'],
        [true, 'input_required'],
        [true, 'complete'],
      ]);
      expect(new Set(legs.map((l) => l.instance)).size).toBe(2);
      expect(stderr).not.toContain('requestState refused');
    } finally {
      fleet.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 6000))]);
      if (code === 'timeout') fleet.kill('SIGKILL');
      await waitFor(() => !pids.some(isAlive), 5000, 'the instances and nginx to exit with fleet.js').catch(() =>
        pids.forEach((p) => isAlive(p) && process.kill(p, 'SIGKILL')),
      );
    }
    expect(await exited).toBe(0);
    expect(pids.filter(isAlive)).toEqual([]);
  }, 180_000);
});

describe('nginx in front of three instances: what a dead instance does to a leg', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await Fleet.start({ instances: 3 });
  }, 45_000);
  afterAll(async () => {
    await fleet?.stop();
  });
  afterEach(async () => {
    // Every test leaves the three instances up.
    for (const p of fleet.instances)
      if (p.child.exitCode !== null || p.child.signalCode !== null) await fleet.restart(p.id);
  });

  test('kill -9 of one instance: nginx skips it (connection refused, next upstream), no call fails', async () => {
    await fleet.kill('i2');
    const client = await connectClient(fleet.url);
    try {
      for (let i = 0; i < 6; i++)
        expect((await client.callTool({ name: 'whoami', arguments: {} })).content).toEqual([
          { type: 'text', text: expect.stringMatching(/^i[13]$/) },
        ]);
    } finally {
      await client.close();
    }
    const log = fleet.nginx.accessLog();
    expect(log.some((l) => / 200 upstream=\S+, \S+ upstream_status=502, 200 /.test(l))).toBe(true); // tried i2, then the next
    expect(log.filter((l) => / 50\d upstream=/.test(l))).toEqual([]);
  });

  test('every instance down: nginx answers 503 no_upstream (the leg reached no handler); the client retries until one is back', async () => {
    const retries: LegRetryEvent[] = [];
    let restarted = false;
    // The client's first wait before a retry brings an instance back, on its port; every wait then waits.
    const client = await connectClient(fleet.url, {
      onLegRetry: (e) => void retries.push(e),
      sleep: async (ms: number) => {
        if (!restarted) {
          restarted = true;
          await fleet.restart('i1');
        }
        await new Promise((r) => setTimeout(r, ms));
      },
    });
    try {
      await Promise.all(fleet.instances.map((p) => fleet.kill(p.id)));
      const raw = await fetch(fleet.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{}',
      });
      expect(raw.status).toBe(503);
      expect(await raw.json()).toMatchObject({ error: 'no_upstream' });
      const r = await client.callTool({ name: 'whoami', arguments: {} }).catch((e: unknown) => {
        throw new Error(
          `${String(e)}\nretries: ${JSON.stringify(retries.map((x) => [x.failure.kind, x.delayMs]))}\n${fleet.nginx.accessLog().slice(-8).join('\n')}\n${fleet.nginx
            .errorLog()
            .split('\n')
            .filter((l) => !l.includes('[notice]'))
            .slice(-6)
            .join('\n')}`,
        );
      });
      expect(r.content).toEqual([{ type: 'text', text: 'i1' }]);
    } finally {
      await client.close();
    }
    // the client may retry more than once before the instance is back: more than one retry is fine.
    expect(retries.length).toBeGreaterThanOrEqual(1);
    for (const r of retries)
      expect([r.failure.kind, r.failure.status, r.failure.reachedHandler]).toEqual(['no_upstream', 503, false]);
  });

  test('an instance killed while a leg is inside its handler: nginx answers 502 (it may have run); a leg without answers is retried and completes', async () => {
    // Raw: the 502 itself.
    const waiting = () => logEvents(fleet.allProcesses, 'waiting').length;
    const before = waiting();
    const inFlight = rawCall(fleet.url, {}, { name: 'wait', arguments: { ms: 3000 } });
    await waitFor(() => waiting() > before, 10_000, 'the leg inside its handler');
    await Promise.all(fleet.instances.map((p) => fleet.kill(p.id)));
    const failed = await inFlight;
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ error: 'bad_gateway' });
    await Promise.all([...fleet.instances].map((p) => fleet.restart(p.id)));

    // Through the client: the `wait` leg carries no answers, so the default policy sends it again. Its wait
    // before the retry lasts until the instances are back (a restart takes seconds on a busy machine).
    const retries: LegRetryEvent[] = [];
    let back: Promise<unknown> | undefined;
    const client = await connectClient(fleet.url, {
      onLegRetry: (e) => void retries.push(e),
      sleep: async (ms: number) => {
        await back;
        await new Promise((r) => setTimeout(r, ms));
      },
    });
    try {
      const inHandler = waiting();
      const pending = client.callTool({ name: 'wait', arguments: { ms: 1500 } });
      await waitFor(() => waiting() > inHandler, 10_000, 'the leg inside its handler');
      back = Promise.all(fleet.instances.map((p) => fleet.kill(p.id))).then(() =>
        Promise.all([...fleet.instances].map((p) => fleet.restart(p.id))),
      );
      await back;
      expect((await pending).content).toEqual([
        { type: 'text', text: expect.stringMatching(/^waited 1500 ms on i\d$/) },
      ]);
    } finally {
      await client.close();
    }
    expect(retries.length).toBeGreaterThanOrEqual(1); // later ones, if any: 503 while nginx still skips a restarted instance
    expect(retries[0]).toMatchObject({
      failure: { kind: 'bad_gateway', status: 502, reachedHandler: 'maybe' },
      carriesAnswers: false,
    });
  }, 40_000);
});

describe('without shared keys (each instance its own process-local key)', () => {
  let fleet: Fleet;

  beforeAll(async () => {
    fleet = await Fleet.start({ instances: 2, keys: null });
  }, 45_000);
  afterAll(async () => {
    await fleet?.stop();
  });

  test('every instance warns loudly at start', () => {
    for (const p of fleet.instances) {
      expect(p.stderr.join('\n')).toContain('WARNING (instance ' + p.id + '): TESSERA_STATE_KEYS is not set');
      expect(p.ring).toEqual([]);
    }
  });

  test('a raw retry sent to the other instance gets the fixed -32602; on the instance that sealed it the same retry goes on', async () => {
    const [i1, i2] = fleet.instances;
    const { state } = await firstLeg(i1.url);
    const retry = await rawCall(i2.url, { requestState: state, inputResponses: FIRST_ANSWERS });
    expect(retry.body.error).toEqual(FIXED_ERROR);
    // The wire says nothing more; the refusing instance logged why.
    await waitFor(() => logEvents([i2], 'requestState refused').length > 0, 5000, 'the refusal in the log');
    const direct = await rawCall(i1.url, { requestState: state, inputResponses: FIRST_ANSWERS });
    expect(Object.keys(direct.body.result?.inputRequests ?? {})).toEqual(['confirm']);
  });

  test('nginx round robin over two instances: every retry lands on the instance that did not seal its state; the client restarts each time and gives up after maxRounds', async () => {
    const events: RoundEvent[] = [];
    const client = await connectClient(fleet.url, { maxRounds: 3, onRound: (e) => void events.push(e) });
    try {
      const failure = await client.callTool(BOOK).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(InputRequiredRoundsExceededError);
      expect(failure).toMatchObject({ code: 'TESSERA_INPUT_REQUIRED_ROUNDS_EXCEEDED', rounds: 3, maxRounds: 3 });
    } finally {
      await client.close();
    }
    expect(events.filter((e) => e.restarted)).toHaveLength(3);
  });
});

describe('Redis: single-use state and change notifications shared by the fleet (real redis-server)', () => {
  let redis: RunningRedis;
  beforeAll(async () => {
    redis = await runRedisServer();
  }, 180_000);
  afterAll(async () => {
    await redis?.stop();
  });

  test('RedisSingleUseStore: SET NX PXAT the given expiry; of 20 concurrent consumes exactly one wins', async () => {
    const { client, close } = await connectRedis(redis.url);
    try {
      const store = new RedisSingleUseStore({ client });
      const until = { expiresAtMs: Date.now() + 60_000 };
      expect(await store.consume('nonce-a', until)).toBe(true);
      expect(await store.consume('nonce-a', until)).toBe(false);
      const pttl = Number(await client.sendCommand(['PTTL', 'tessera:request-state:used:nonce-a']));
      expect(pttl).toBeGreaterThan(50_000);
      expect(pttl).toBeLessThanOrEqual(60_000);
      const race = await Promise.all(
        Array.from({ length: 20 }, () => store.consume('nonce-b', { expiresAtMs: Date.now() + 1000 })),
      );
      expect(race.filter(Boolean)).toHaveLength(1);
    } finally {
      await close();
    }
  });

  describe('two instances with shared keys and TESSERA_REDIS_URL, behind nginx', () => {
    let fleet: Fleet;
    beforeAll(async () => {
      fleet = await Fleet.start({ instances: 2, env: { TESSERA_REDIS_URL: redis.url } });
    }, 45_000);
    afterAll(async () => {
      await fleet?.stop();
    });

    test('a retry consumes its state: replayed on the OTHER instance it gets the fixed -32602 (reason replayed); a client flow through nginx completes', async () => {
      const [i1, i2] = fleet.instances;
      const { state } = await firstLeg(fleet.url);
      const first = await rawCall(i1.url, { requestState: state, inputResponses: FIRST_ANSWERS });
      expect(Object.keys(first.body.result?.inputRequests ?? {})).toEqual(['confirm']);
      const replay = await rawCall(i2.url, { requestState: state, inputResponses: FIRST_ANSWERS });
      expect(replay.body.error).toEqual(FIXED_ERROR);
      await waitFor(
        () => logEvents([i2], 'requestState refused').some((e) => e.reason === 'replayed'),
        5000,
        "the replay in i2's log",
      );

      const client = await connectClient(fleet.url);
      try {
        expect(((await client.callTool(BOOK)).content as Array<{ text: string }>)[0].text).toMatch(
          new RegExp(`^${BOOKED}`),
        );
      } finally {
        await client.close();
      }
    });

    test('a timetable notice posted on either instance reaches subscriptions/listen streams held through nginx, wherever they are', async () => {
      const listeners = await Promise.all(
        [0, 1, 2].map(async () => {
          const client = new TesseraClient({ name: 'listener' });
          const heard: string[] = [];
          client.sdk.setNotificationHandler('notifications/resources/updated', (n) => void heard.push(n.params.uri));
          await client.connect({ url: fleet.url.href });
          const subscription = await client.sdk.listen({ resourceSubscriptions: [TIMETABLE_URI] });
          expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [TIMETABLE_URI] });
          return { client, heard, subscription };
        }),
      );
      try {
        // One notice raised on each instance: every listener, on whichever instance nginx put it, hears both.
        for (const instance of fleet.instances) {
          const posted = await rawCall(
            instance.url,
            {},
            { name: 'post_timetable_notice', arguments: { notice: `from ${instance.id}` } },
          );
          expect(posted.body.result?.content).toEqual([{ type: 'text', text: `posted on ${instance.id}` }]);
        }
        await waitFor(() => listeners.every((l) => l.heard.length >= 2), 5000, 'every listener to hear both notices');
        for (const l of listeners) expect(l.heard).toEqual([TIMETABLE_URI, TIMETABLE_URI]);
      } finally {
        for (const l of listeners) {
          await l.subscription.close().catch(() => undefined);
          await l.client.close();
        }
      }
    });
  });
});

describe('instance settings', () => {
  test('SIGTERM drains through stopOnSignals: a call in flight longer than the old 2 s forced exit finishes, then exit 0', async () => {
    const instance = await spawnInstance({ id: 'drain', keys: [generateKey()], env: { FLEET_DRAIN_MS: '10000' } });
    try {
      // 6 s: even if the log line reaches this test late on a loaded machine, well over 2 s of the wait remain.
      const inFlight = rawCall(instance.url, {}, { name: 'wait', arguments: { ms: 6000 } });
      await waitFor(() => logEvents([instance], 'waiting').length === 1, 20_000, 'the wait leg inside its handler');
      const stoppedAt = Date.now();
      instance.child.kill('SIGTERM');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.result?.content).toEqual([{ type: 'text', text: 'waited 6000 ms on drain' }]);
      expect(await instance.exited).toBe(0);
      // The answer came after the old handler's forced exit would have cut it (more than 2 s after the signal).
      expect(Date.now() - stoppedAt).toBeGreaterThan(2000);
      expect(logEvents([instance], 'stopping')).toEqual([
        expect.objectContaining({ signal: 'SIGTERM', exitDeadlineMs: 13_500 }),
      ]);
    } finally {
      await instance.stop();
    }
  }, 180_000);

  test('SIGTERM the moment the instance reports ready meets the graceful stop, not the default kill', async () => {
    const instance = await spawnInstance({ id: 'early-stop', keys: [generateKey()] });
    const code = await instance.stop(30_000);
    expect(code).toBe(0);
    expect(logEvents([instance], 'stopping')).toEqual([expect.objectContaining({ signal: 'SIGTERM' })]);
  });

  test('SIGTERM: /readyz answers 503 for FLEET_READY_DELAY_MS while new connections are still served, then the instance drains and exits 0', async () => {
    const instance = await spawnInstance({
      id: 'ready-delay',
      keys: [generateKey()],
      env: { FLEET_READY_DELAY_MS: '4000' },
    });
    try {
      const readyz = new URL('/readyz', instance.url).href;
      expect((await fetch(readyz)).status).toBe(200);
      const stoppedAt = Date.now();
      instance.child.kill('SIGTERM');
      await waitFor(() => logEvents([instance], 'stopping').length === 1, 10_000, 'the stopping line');
      const probe = await fetch(readyz);
      expect(probe.status).toBe(503);
      expect(await probe.json()).toEqual({ ready: false, status: 'stopping' });
      const served = await rawCall(instance.url, {}, { name: 'whoami', arguments: {} }); // a new connection
      expect(served.status).toBe(200);
      expect(Date.now() - stoppedAt).toBeLessThan(4000); // both inside the delay, measured
      expect(await instance.exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(4000);
    } finally {
      await instance.stop();
    }
  }, 180_000);

  test('TESSERA_REDIS_URL where nothing answers: the instance exits 1 after FLEET_REDIS_CONNECT_TIMEOUT_MS, naming the address', async () => {
    const port = await closedPort();
    const started = Date.now();
    const failure = await spawnInstance({
      id: 'no-redis',
      keys: [generateKey()],
      env: { TESSERA_REDIS_URL: `redis://127.0.0.1:${port}`, FLEET_REDIS_CONNECT_TIMEOUT_MS: '2000' },
    }).then(
      (p) => p.stop().then(() => undefined),
      (e: Error) => e,
    );
    expect(failure?.message).toContain('exited with code 1');
    expect(failure?.message).toContain(
      `fleet instance: failed to start: connectRedis: Redis at redis://127.0.0.1:${port} did not answer within 2000 ms`,
    );
    expect(Date.now() - started).toBeLessThan(25_000);
  }, 180_000);

  test('FLEET_REDIS_AT_START=wait without Redis: listens not ready (/readyz 503, calls a retryable 503), says so, and turns ready when a late redis-server answers', async () => {
    const [port, redisPort] = [await freePort(), await freePort()];
    const logs: string[] = [];
    let redis: RunningRedis | undefined;
    const spawning = spawnInstance({
      id: 'late-redis',
      port,
      keys: [generateKey()],
      env: { TESSERA_REDIS_URL: `redis://127.0.0.1:${redisPort}`, FLEET_REDIS_AT_START: 'wait' },
      onStderr: (line) => logs.push(line),
    });
    const ready = spawning.then(
      (p) => p,
      (e: Error) => e,
    );
    try {
      const readyz = `http://127.0.0.1:${port}/readyz`;
      await waitFor(
        () => logs.some((l) => l.includes('"waiting for redis: listening, not ready')),
        30_000,
        'the waiting line',
      );
      const probe = await fetch(readyz);
      expect(probe.status).toBe(503);
      expect(await probe.json()).toEqual({ ready: false, status: 'starting' });
      const call = await rawCall(`http://127.0.0.1:${port}/mcp`, {}, { name: 'whoami', arguments: {} });
      expect(call.status).toBe(503);
      expect(call.body.error).toMatchObject({ code: -32000, data: { reason: 'starting' } });
      expect(logs.some((l) => l.includes('"redis commands: ') && l.includes('ECONNREFUSED'))).toBe(true);
      await new Promise((r) => setTimeout(r, 2500)); // past any first-connect bound: still waiting, not exited
      expect((await fetch(readyz)).status).toBe(503);

      redis = await runRedisServer({ port: redisPort });
      const instance = await ready;
      if (instance instanceof Error) throw instance;
      expect((await fetch(readyz)).status).toBe(200);
      const client = new TesseraClient({ name: 'late-redis', elicitation: answer });
      await client.connect({ url: instance.url });
      const result = await client.callTool(BOOK);
      expect((result.content as Array<{ text: string }>)[0].text).toContain(BOOKED);
      await client.close();
      expect(await instance.stop(30_000)).toBe(0);
    } finally {
      await ready.then((p) => (p instanceof Error ? undefined : p.stop()));
      await redis?.stop();
    }
  }, 90_000);

  test('FLEET_REDIS_AT_START other than exit or wait: the instance refuses to start and names it', async () => {
    const failure = await spawnInstance({
      id: 'bad-at-start',
      keys: [generateKey()],
      env: { FLEET_REDIS_AT_START: 'later' },
    }).then(
      (p) => p.stop().then(() => undefined),
      (e: Error) => e,
    );
    expect(failure?.message).toContain('exited with code 2');
    expect(failure?.message).toContain('FLEET_REDIS_AT_START must be "exit" or "wait", got "later"');
  });

  test('FLEET_DRAIN_MS that is not a positive whole number: the instance refuses to start and names it', async () => {
    const failure = await spawnInstance({
      id: 'bad-drain',
      keys: [generateKey()],
      env: { FLEET_DRAIN_MS: 'soon' },
    }).then(
      (p) => p.stop().then(() => undefined),
      (e: Error) => e,
    );
    expect(failure?.message).toContain('exited with code 2');
    expect(failure?.message).toContain('FLEET_DRAIN_MS must be a positive whole number of milliseconds, got "soon"');
  });

  test('a key shorter than 32 bytes: the instance refuses to start and says why', async () => {
    const short = Buffer.alloc(16, 1);
    const failure = await spawnInstance({ id: 'short', keys: [generateKey(), short] }).then(
      (p) => p.stop().then(() => undefined),
      (e: Error) => e,
    );
    expect(failure?.message).toContain('exited with code 2');
    expect(failure?.message).toContain(
      'TESSERA_STATE_KEYS: key #2 of 2 is 16 bytes; every key must be at least 32 bytes',
    );
  });
});
