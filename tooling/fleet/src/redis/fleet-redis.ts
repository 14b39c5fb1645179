import type { ServerEventBus } from '@modelcontextprotocol/server';
import type { Logger } from '@tessera/core';
import type { SingleUseStore } from '@tessera/request-state';
import { connectRedis, RedisEventBus, RedisSingleUseStore } from '@tessera/redis';

/** `redis://host:port`: the Redis every instance of the fleet shares. */
export const REDIS_URL_ENV = 'TESSERA_REDIS_URL';

export interface FleetRedis {
  /** Set when the instance has shared keys (single use needs them). */
  singleUse?: SingleUseStore;
  events: ServerEventBus;
  close(): Promise<void>;
}

/**
 * The instance's Redis parts: the single-use store (one client for commands) and the change-event bus
 * (a second client, in subscribe mode). Connection trouble is logged once per outage; while Redis is down,
 * retry legs are refused (fail closed) and events reach this instance's own listeners only.
 */
export async function connectFleetRedis(url: string, logger: Logger, singleUse: boolean): Promise<FleetRedis> {
  const onError = (role: string) => (error: Error) =>
    logger.error(`redis ${role}: ${error.message}`, { url: redactUrl(url) });
  const commands = await connectRedis(url, { onError: onError('commands') });
  const subscriber = await connectRedis(url, { onError: onError('subscriber') });
  const events = await RedisEventBus.start({
    publisher: commands.client,
    subscriber: subscriber.client,
    onError: (e) => logger.warn(e.message),
  });
  logger.info('redis connected', { url: redactUrl(url), singleUse, events: 'tessera:events' });
  return {
    singleUse: singleUse ? new RedisSingleUseStore({ client: commands.client }) : undefined,
    events,
    close: async () => {
      await events.stop().catch(() => undefined);
      await Promise.all([commands.close(), subscriber.close()]).catch(() => undefined);
    },
  };
}

/** The URL without a password, for logs. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(unparseable url)';
  }
}
