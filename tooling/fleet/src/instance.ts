import { keyId, KeyRingError, parseKeyRing, STATE_KEYS_ENV } from './keys';
import { HOLD_LISTEN_ENV, type InstanceReadyMessage } from './spawn-instance';
import {
  connectFleetRedis,
  type FleetRedis,
  redisAtStart,
  type RedisAtStart,
  REDIS_URL_ENV,
} from './redis/fleet-redis';
import type { Logger, TesseraApp } from '@tessera/core';
import { type HttpListener, listen, stopOnSignals } from '@tessera/core/node';
import { redactRedisUrl } from '@tessera/redis';

/**
 * One instance of the fleet: `node dist/instance.js [--port N] [--id NAME]`.
 *
 * Environment: `TESSERA_STATE_KEYS` (comma-separated base64url keys, each at least 32 bytes; `keys[0]` seals,
 * all verify), `FLEET_INSTANCE_ID`, `PORT` and `FLEET_HOST` (flags win), and `TESSERA_REDIS_URL` (single-use state and
 * change notifications and task tools' tasks shared through Redis; `FLEET_TASK_LOCK_MS`, how long a killed
 * instance's task step waits before another instance takes it, default the queue's 10000). Listens on 127.0.0.1 unless told otherwise (a container:
 * `--host 0.0.0.0`), `FLEET_READY_DELAY_MS` (how long /readyz answers 503 after SIGTERM while the instance still
 * serves, default 1000), `FLEET_DRAIN_MS` (how long calls in flight may finish after that, default 2000) and
 * `FLEET_REDIS_CONNECT_TIMEOUT_MS` (how long to wait for Redis at start before exiting 1, default 10000) or
 * `FLEET_REDIS_AT_START=wait` (listen at once, not ready until Redis answers). Prints one line on stdout
 * when ready; when started by a parent with an IPC channel (`fleet.ts`), also sends it `{ type: 'ready', ... }`
 * and exits when that parent goes away.
 */

interface InstanceArgs {
  port: number;
  id: string;
  host: string;
  drainMs: number;
  readyDelayMs: number;
  redisAtStart: RedisAtStart;
}

/** The listener's default drain; the exit deadline leaves room after it for Redis to close. */
const DEFAULT_DRAIN_MS = 2000;
/** How long /readyz says 503 before the drain, the listener still serving: a balancer's probe sees it first. */
const DEFAULT_READY_DELAY_MS = 1000;
const CLOSE_AFTER_DRAIN_MS = 2500;

function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv): InstanceArgs {
  let port = env.PORT !== undefined ? Number(env.PORT) : 0;
  let id = env.FLEET_INSTANCE_ID || `instance-${process.pid}`;
  let host = env.FLEET_HOST || '127.0.0.1';
  const drainMs = env.FLEET_DRAIN_MS ? Number(env.FLEET_DRAIN_MS) : DEFAULT_DRAIN_MS;
  if (!Number.isInteger(drainMs) || drainMs <= 0)
    throw new UsageError(
      `FLEET_DRAIN_MS must be a positive whole number of milliseconds, got ${JSON.stringify(env.FLEET_DRAIN_MS)}`,
    );
  const readyDelayMs = env.FLEET_READY_DELAY_MS ? Number(env.FLEET_READY_DELAY_MS) : DEFAULT_READY_DELAY_MS;
  if (!Number.isInteger(readyDelayMs) || readyDelayMs < 0)
    throw new UsageError(
      `FLEET_READY_DELAY_MS must be a whole number of milliseconds (0 or more), got ${JSON.stringify(env.FLEET_READY_DELAY_MS)}`,
    );
  let atStart: RedisAtStart;
  try {
    atStart = redisAtStart(env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--port' && value !== undefined) {
      port = Number(value);
      i++;
    } else if (flag === '--id' && value !== undefined) {
      id = value;
      i++;
    } else if (flag === '--host' && value !== undefined) {
      host = value;
      i++;
    } else
      throw new UsageError(
        `unknown argument ${flag}; usage: node dist/instance.js [--port N] [--id NAME] [--host ADDRESS]`,
      );
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`invalid port ${String(port)}`);
  return { port, id, host, drainMs, readyDelayMs, redisAtStart: atStart };
}

class UsageError extends Error {}

function warnNoSharedKeys(id: string): void {
  const bar = '!'.repeat(100);
  process.stderr.write(
    [
      bar,
      `!! WARNING (instance ${id}): ${STATE_KEYS_ENV} is not set.`,
      '!! This instance seals requestState with a random key that only this process knows.',
      '!! Behind a load balancer, a retry that lands on ANOTHER instance (or on this one after a restart)',
      '!! fails with -32602 "Invalid or expired requestState" and the client has to start the flow over.',
      `!! Give every instance the same ${STATE_KEYS_ENV} (each key >= 32 bytes, base64url).`,
      bar,
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  let args: InstanceArgs;
  let keys: Buffer[] | undefined;
  try {
    args = parseArgs(process.argv.slice(2), process.env);
    keys = parseKeyRing(process.env[STATE_KEYS_ENV]);
  } catch (error) {
    if (error instanceof KeyRingError || error instanceof UsageError) {
      process.stderr.write(`fleet instance: refusing to start: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  // The framework loads only once the settings are known to be good: a refusal is immediate.
  const { createFleetApp, instanceLogger } = await import('./fleet-app.js');
  const logger = instanceLogger(args.id);
  if (!keys) {
    warnNoSharedKeys(args.id);
    logger.warn('no shared requestState keys: process-local key, retries on other instances will fail', {
      env: STATE_KEYS_ENV,
    });
  }
  const ring = keys?.map(keyId) ?? [];

  const redisUrl = process.env[REDIS_URL_ENV];
  let redis: FleetRedis | undefined;
  let app: TesseraApp | undefined;
  const build = async (): Promise<TesseraApp> => {
    // running task steps get the whole stop to finish (readyz 503, then the drain) before any is handed over
    const taskDrainMs = args.readyDelayMs + args.drainMs;
    redis = redisUrl ? await connectFleetRedis(redisUrl, logger, keys !== undefined, taskDrainMs) : undefined;
    app = createFleetApp({
      instanceId: args.id,
      keys,
      logger,
      singleUse: redis?.singleUse,
      events: redis?.events,
      tasks: redis?.tasks,
      ledger: redis?.ledger,
    });
    return app;
  };
  const listenOptions = { port: args.port, host: args.host, drainMs: args.drainMs, readyDelayMs: args.readyDelayMs };
  // FLEET_REDIS_AT_START=wait: listen now, not ready (readyz 503, requests a retryable 503) until Redis answers.
  const waitForRedis = redisUrl !== undefined && args.redisAtStart === 'wait';
  if (redisUrl && !waitForRedis) logger.info('connecting to redis (exits if it does not answer in time)');
  const listener: HttpListener = await listen(
    waitForRedis ? build() : await build().then(untilToldToListen),
    listenOptions,
  );
  // SIGTERM/SIGINT drain the listener (readyz 503, calls in flight finish, no resets), then Redis closes; the
  // deadline only ends a stop that hangs, and then with exit code 1 so a supervisor sees it. Installed before
  // the instance says it is ready: a parent that signals right after must not meet the default (kill).
  let stopping = false;
  const stopTarget = {
    logger,
    close: async () => {
      stopping = true;
      // app.close() drains the listener serving it (tracked by listen) and meanwhile lets running task steps
      // finish; while the app is still being built (waiting for Redis) there is only the listener to close
      if (app) await app.close();
      else await listener.close();
      await redis?.close();
    },
  };
  stopOnSignals(stopTarget, { exitDeadlineMs: args.readyDelayMs + args.drainMs + CLOSE_AFTER_DRAIN_MS });
  // Started by fleet.ts: when the parent goes away (even killed), the IPC channel closes and we follow, through
  // the same graceful stop as a SIGTERM. Not during a stop: a second SIGTERM is not caught and would cut the drain.
  if (process.connected) process.once('disconnect', () => stopping || process.kill(process.pid, 'SIGTERM'));
  if (waitForRedis) await untilRedisAnswers(listener, redactRedisUrl(redisUrl), logger);
  logger.info('listening', { url: listener.url.href, pid: process.pid, ring, sealsWith: ring[0] ?? 'process-local' });
  process.stdout.write(`fleet instance ${args.id} listening on ${listener.url.href} (pid ${process.pid})\n`);
  if (process.send) {
    const ready: InstanceReadyMessage = { type: 'ready', id: args.id, url: listener.url.href, pid: process.pid, ring };
    process.send(ready);
  }
}

/**
 * Under `FLEET_HOLD_LISTEN` (set by fleet.ts for a restart): booted, say so and wait for the parent's word
 * before binding the port the old process still drains on. If the parent goes away meanwhile, exit.
 */
async function untilToldToListen<T>(app: T): Promise<T> {
  if (!process.env[HOLD_LISTEN_ENV] || !process.send) return app;
  process.send({ type: 'prepared' });
  const gone = () => process.exit(1);
  process.once('disconnect', gone);
  await new Promise<void>((resolve) => {
    const onMessage = (message: { type?: unknown } | null) => {
      if (message?.type !== 'listen') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
  });
  process.off('disconnect', gone);
  return app;
}

/** Waits for the app built on Redis, saying every 10 s that the instance listens but is not ready. */
async function untilRedisAnswers(listener: HttpListener, url: string, logger: Logger): Promise<void> {
  const since = Date.now();
  const say = () =>
    logger.warn(
      'waiting for redis: listening, not ready (/readyz 503, requests answered 503 Retry-After) until it answers',
      {
        url,
        listening: listener.url.href,
        waitedMs: Date.now() - since,
      },
    );
  say();
  const reminder = setInterval(say, 10_000);
  try {
    await listener.ready;
  } finally {
    clearInterval(reminder);
  }
}

main().catch((error) => {
  process.stderr.write(`fleet instance: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
