// Public API of @tessera/redis: named exports only; this list is the package's surface.
export { RedisSingleUseStore, type RedisSingleUseStoreOptions } from './redis-single-use-store';
export { RedisEventBus, type RedisEventBusOptions } from './redis-event-bus';
export { connectRedis, type ConnectRedisOptions, type RedisConnection } from './connect-redis';
export { redactRedisUrl } from './redact-url';
export type { RedisCommands, RedisPubSub } from './redis-commands';
export { RedisTaskStore, type RedisTaskStoreOptions } from './tasks/redis-task-store';
export { RedisTaskQueue, type RedisTaskQueueOptions } from './tasks/redis-task-queue';
