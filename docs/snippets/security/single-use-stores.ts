import { MemorySingleUseStore, RequestStateSecurity } from '@tessera/request-state';
import { RedisSingleUseStore } from '@tessera/redis';
import type { RedisClientType } from '@redis/client';

declare const keys: string[];
declare const client: RedisClientType;

// #region example
new RequestStateSecurity({ keys, singleUse: new MemorySingleUseStore() }); // one process
new RequestStateSecurity({ keys, singleUse: new RedisSingleUseStore({ client }) }); // a fleet
// #endregion example
