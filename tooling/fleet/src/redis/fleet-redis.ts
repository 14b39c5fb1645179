import type { ServerEventBus } from '@modelcontextprotocol/server';
import type { Logger, TasksOptions } from '@tessera/core';
import type { SingleUseStore } from '@tessera/request-state';
import {
  connectRedis,
  redactRedisUrl,
  RedisEventBus,
  RedisSingleUseStore,
  RedisTaskQueue,
  RedisTaskStore,
} from '@tessera/redis';
import { RedisChargeLedger, type ChargeLedger } from '../charges/charge-ledger';

/** `redis://host:port`: the Redis every instance of the fleet shares. */
export const REDIS_URL_ENV = 'TESSERA_REDIS_URL';

/**
 * How long a dead instance's task step waits before another instance takes it over, in ms: `RedisTaskQueue`'s
 * `lockDurationMs`, with `stalledIntervalMs` half of it. Unset: the queue's defaults (10 000 and 5 000).
 */
export const TASK_LOCK_ENV = 'FLEET_TASK_LOCK_MS';

/** How long an instance waits for Redis at start before it exits, in ms (default 10 000). */
export const REDIS_CONNECT_TIMEOUT_ENV = 'FLEET_REDIS_CONNECT_TIMEOUT_MS';

/**
 * What an instance does when Redis does not answer at start: `exit` (default) after
 * `FLEET_REDIS_CONNECT_TIMEOUT_MS`, with exit code 1 and the address; `wait`: listen at once, not ready
 * (`/readyz` 503, every request a retryable 503) until Redis answers, however long that takes.
 */
export const REDIS_AT_START_ENV = 'FLEET_REDIS_AT_START';

export type RedisAtStart = 'exit' | 'wait';

/** `FLEET_REDIS_AT_START`, checked: anything but `exit` or `wait` is refused, naming the variable. */
export function redisAtStart(env: NodeJS.ProcessEnv = process.env): RedisAtStart {
  const value = env[REDIS_AT_START_ENV] || 'exit';
  if (value !== 'exit' && value !== 'wait')
    throw new Error(`${REDIS_AT_START_ENV} must be "exit" or "wait", got ${JSON.stringify(value)}`);
  return value;
}

export interface FleetRedis {
  /** Set when the instance has shared keys (single use needs them). */
  singleUse?: SingleUseStore;
  events: ServerEventBus;
  /** The task store and step queue every instance shares: any instance serves any task. */
  tasks: TasksOptions;
  /** What `charge_card` charges, counted in Redis so a count outlives the instance that made it. */
  ledger: ChargeLedger;
  close(): Promise<void>;
}

/**
 * The instance's Redis parts: the single-use store (one client for commands), the change-event bus
 * (a second client, in subscribe mode), and the task store (both clients) with its BullMQ step queue (its
 * own connections). Connection trouble is logged once per outage; while Redis is down, retry legs are
 * refused (fail closed) and events reach this instance's own listeners only.
 */
export async function connectFleetRedis(
  url: string,
  logger: Logger,
  singleUse: boolean,
  /** How long running task steps may finish on a stop before they are handed over (the queue's `drainMs`). */
  taskDrainMs?: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<FleetRedis> {
  const lockDurationMs = env[TASK_LOCK_ENV] ? Number(env[TASK_LOCK_ENV]) : undefined;
  if (lockDurationMs !== undefined && (!Number.isInteger(lockDurationMs) || lockDurationMs < 100))
    throw new Error(`${TASK_LOCK_ENV} must be a whole number of milliseconds >= 100, got ${env[TASK_LOCK_ENV]}`);
  const boundMs = env[REDIS_CONNECT_TIMEOUT_ENV] ? Number(env[REDIS_CONNECT_TIMEOUT_ENV]) : 10_000;
  if (!Number.isInteger(boundMs) || boundMs <= 0)
    throw new Error(
      `${REDIS_CONNECT_TIMEOUT_ENV} must be a positive whole number of milliseconds, got ${env[REDIS_CONNECT_TIMEOUT_ENV]}`,
    );
  const connectTimeoutMs = redisAtStart(env) === 'wait' ? Infinity : boundMs;
  const onError = (role: string) => (error: Error) =>
    logger.error(`redis ${role}: ${error.message}`, { url: redactRedisUrl(url) });
  const commands = await connectRedis(url, { onError: onError('commands'), connectTimeoutMs });
  const subscriber = await connectRedis(url, { onError: onError('subscriber'), connectTimeoutMs }).catch(
    async (error: unknown) => {
      await commands.close().catch(() => undefined);
      throw error;
    },
  );
  const events = await RedisEventBus.start({
    publisher: commands.client,
    subscriber: subscriber.client,
    onError: (e) => logger.warn(e.message),
  });
  const store = await RedisTaskStore.start({
    client: commands.client,
    subscriber: subscriber.client,
    onError: (e) => logger.warn(e.message),
  });
  const queue = await RedisTaskQueue.connect({
    url,
    store,
    ...(lockDurationMs !== undefined && {
      lockDurationMs,
      stalledIntervalMs: Math.max(50, Math.floor(lockDurationMs / 2)),
    }),
    ...(taskDrainMs !== undefined && { drainMs: taskDrainMs }),
    onError: (e) => logger.warn(e.message),
  });
  logger.info('redis connected', {
    url: redactRedisUrl(url),
    singleUse,
    events: 'tessera:events',
    tasks: 'tessera:task:*',
    taskLockMs: lockDurationMs ?? 'default',
  });
  return {
    singleUse: singleUse ? new RedisSingleUseStore({ client: commands.client }) : undefined,
    events,
    // the app closes them (queue first, then store) when it closes; the connections below close after
    tasks: { store, queue },
    ledger: new RedisChargeLedger(commands.client),
    close: async () => {
      await events.stop().catch(() => undefined);
      await Promise.all([commands.close(), subscriber.close()]).catch(() => undefined);
    },
  };
}
