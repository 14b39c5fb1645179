import { ConsoleLogger, createApp, type TesseraApp } from '@tessera/core';
import { listen, stopOnSignals } from '@tessera/core/node';
import { connectRedis } from '@tessera/redis';
import { machinesModule as module } from '../shared/machines';

const url = process.env.TESSERA_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = new ConsoleLogger({ level: 'info' });

// #region wait
// wait: listen now, not ready until Redis answers, however long (onError says why, once per outage)
let app: TesseraApp | undefined;
const listener = await listen(
  (async () => {
    const redis = await connectRedis(url, { connectTimeoutMs: Infinity, onError: (e) => log.error(e.message) });
    return (app = createApp({ ...module /* , stores on redis.client */ }));
  })(),
  { port: 3000, host: '0.0.0.0' },
);
stopOnSignals({
  logger: log,
  close: async () => {
    await listener.close(); // not ready, drained
    await app?.close(); // its stores
  },
});
await listener.ready;
// #endregion wait

export async function exitWhenUnreachable(): Promise<TesseraApp> {
  // #region exit
  // exit: connectRedis rejects after connectTimeoutMs (default 10 000), naming the address; exit 1, the supervisor restarts
  const redis = await connectRedis(url);
  const app = createApp({ ...module /* , stores on redis.client */ });
  // #endregion exit
  console.log(redis);
  return app;
}
