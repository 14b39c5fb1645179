import { createClient } from '@redis/client';
import type { RedisPubSub } from './redis-commands';

export interface ConnectRedisOptions {
  /** Connection errors, once per outage (the client reconnects by itself). Default: ignored. */
  onError?: (error: Error) => void;
}

/** A connected Redis client and a function that closes it. */
export interface RedisConnection {
  client: RedisPubSub;
  close(): Promise<void>;
}

/**
 * Connects to `url` (`redis://host:port`) the way the single-use store and the event bus need: commands
 * fail at once while Redis is unreachable (no offline queue: a leg is refused rather than left waiting), and
 * the client reconnects on its own. Resolves once connected; rejects if the first connection fails.
 */
export async function connectRedis(url: string, options: ConnectRedisOptions = {}): Promise<RedisConnection> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
  });
  let failing = false;
  client.on('error', (error: Error) => {
    if (failing) return;
    failing = true;
    options.onError?.(error);
  });
  client.on('ready', () => (failing = false));
  await client.connect();
  return {
    client: client as unknown as RedisPubSub,
    close: async () => {
      if (client.isOpen) await client.close();
    },
  };
}
