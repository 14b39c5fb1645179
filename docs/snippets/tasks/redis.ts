import { createApp } from '@tessera/core';
import { machinesModule as module } from '../shared/machines';
// #region example
import { connectRedis, RedisTaskQueue, RedisTaskStore } from '@tessera/redis';

const commands = await connectRedis(url);
const subscriber = await connectRedis(url); // subscribe mode: may be the event bus's subscriber too
const store = await RedisTaskStore.start({ client: commands.client, subscriber: subscriber.client });
const queue = await RedisTaskQueue.connect({ url, store }); // lockDurationMs 10 s, stalledIntervalMs 5 s, drainMs 5 s
const app = createApp({ ...module, tasks: { store, queue } }); // app.close() closes both
// #endregion example
declare const url: string;
console.log(app);
