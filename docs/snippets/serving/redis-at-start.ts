import { ConsoleLogger, createApp, RequestStateSecurity, type TesseraApp } from '@tessera/core';
import { listen, stopOnSignals } from '@tessera/core/node';
import { connectRedis, type RedisCommands, RedisSingleUseStore } from '@tessera/redis';
import { machinesModule as module } from '../shared/machines';

const url = process.env.TESSERA_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = new ConsoleLogger({ level: 'info' });
const keys = (process.env.TESSERA_STATE_KEYS ?? '').split(',');
/** The single-use policy on a Redis connection. */
const security = (client: RedisCommands) =>
  new RequestStateSecurity({ keys, audience: 'machines', singleUse: new RedisSingleUseStore({ client }) });

// #region wait
// wait: listen now, not ready until Redis answers, however long (onError says why, once per outage)
let app: TesseraApp | undefined;
const listener = await listen(
  (async () => {
    const redis = await connectRedis(url, { connectTimeoutMs: Infinity, onError: (e) => log.error(e.message) });
    return (app = createApp({ ...module, security: security(redis.client) }));
  })(),
  { port: 3000, host: '0.0.0.0' },
);
stopOnSignals({
  logger: log,
  close: async () => {
    // the app drains the listener serving it and, meanwhile, lets running task steps finish; then its stores
    if (app) await app.close();
    else await listener.close(); // still waiting for Redis: only the listener to drain
  },
});
await listener.ready;
// #endregion wait

export async function exitWhenUnreachable(): Promise<TesseraApp> {
  // #region exit
  // exit: connectRedis rejects after connectTimeoutMs (default 10 000), naming the address; exit 1, the supervisor restarts
  const redis = await connectRedis(url);
  const app = createApp({ ...module, security: security(redis.client) });
  // #endregion exit
  return app;
}
