import { createClient } from '@redis/client';
import type { RedisPubSub } from './redis-commands';
import { checkRedisOptions } from './check-redis-options';
import { redactRedisUrl } from './redact-url';

export interface ConnectRedisOptions {
  /** Connection errors, once per outage (the client reconnects by itself). Default: ignored. */
  onError?: (error: Error) => void;
  /**
   * How long the FIRST connection may take, reconnect attempts included, before `connectRedis` rejects; default
   * 10 000 ms. `Infinity`: wait until Redis answers, however long (give `listen` the promise of the app built on
   * it, so the process listens and answers `/readyz` 503 meanwhile; `onError` says why it waits).
   */
  connectTimeoutMs?: number;
}

/** A connected Redis client and a function that closes it. */
export interface RedisConnection {
  client: RedisPubSub;
  /** Closes the client: after its pending replies while connected; at once while Redis is down (no reconnect awaited). */
  close(): Promise<void>;
}

export const DEFAULT_REDIS_CONNECT_TIMEOUT_MS = 10_000;

const CONNECT_REDIS_OPTIONS = { onError: true, connectTimeoutMs: true } as const satisfies Record<
  keyof ConnectRedisOptions,
  true
>;

/**
 * Connects to `url` (`redis://host:port`) the way the single-use store and the event bus need: commands
 * fail at once while Redis is unreachable (no offline queue: a leg is refused rather than left waiting), and
 * the client reconnects on its own. Resolves once connected; rejects, naming the address and the last
 * error, when Redis has not answered within `connectTimeoutMs` (the client is then closed); with `Infinity`
 * it waits until Redis answers.
 */
export async function connectRedis(url: string, options: ConnectRedisOptions = {}): Promise<RedisConnection> {
  checkRedisOptions(options, CONNECT_REDIS_OPTIONS, 'connectRedis');
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS;
  if (timeoutMs !== Infinity && (!Number.isInteger(timeoutMs) || timeoutMs <= 0))
    throw new RangeError(
      `connectRedis: connectTimeoutMs must be a positive integer or Infinity, got ${String(timeoutMs)}`,
    );
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: Math.min(2000, timeoutMs),
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000),
    },
  });
  let failing = false;
  let lastError: Error | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
    if (failing) return;
    failing = true;
    options.onError?.(error);
  });
  client.on('ready', () => (failing = false));
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    if (timeoutMs === Infinity) return;
    timer = setTimeout(() => {
      client.destroy();
      const why = lastError ? `: ${lastError.message || lastError.name}` : '';
      reject(new Error(`connectRedis: Redis at ${redactRedisUrl(url)} did not answer within ${timeoutMs} ms${why}`));
    }, timeoutMs);
  });
  try {
    await Promise.race([client.connect(), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
  return {
    client: client as unknown as RedisPubSub,
    // while Redis is down the client reconnects, and a graceful close would wait for it: dropped at once then
    close: async () => {
      if (!client.isOpen) return;
      if (client.isReady) await client.close();
      else client.destroy();
    },
  };
}
