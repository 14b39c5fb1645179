import { connectRedis, RedisEventBus, RedisSingleUseStore } from '@tessera/redis';

// A misspelt option of the Redis parts is refused by name, listing the known ones, before any connection.

const client = { sendCommand: () => Promise.resolve(null) } as never;
const pubSub = {
  publish: () => Promise.resolve(0),
  subscribe: () => Promise.resolve(),
  unsubscribe: () => Promise.resolve(),
};

test('RedisSingleUseStore, connectRedis and RedisEventBus.start', async () => {
  expect(() => new RedisSingleUseStore({ client, keyprefix: 'x:' } as never)).toThrow(
    new TypeError('RedisSingleUseStore: "keyprefix" is not an option; known: client, keyPrefix.'),
  );
  expect(() => new RedisSingleUseStore({ client, keyPrefix: 'x:' })).not.toThrow();
  await expect(connectRedis('redis://127.0.0.1:1', { timeoutMs: 5 } as never)).rejects.toThrow(
    'connectRedis: "timeoutMs" is not an option; known: onError, connectTimeoutMs.',
  );
  await expect(RedisEventBus.start({ publisher: pubSub, subscriber: pubSub, chanel: 'c' } as never)).rejects.toThrow(
    'RedisEventBus.start: "chanel" is not an option; known: publisher, subscriber, channel, onError.',
  );
});
