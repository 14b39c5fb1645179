import { createApp, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { TesseraClient } from '@tessera/client';
import { connectRedis, RedisEventBus, type RedisConnection } from '@tessera/redis';
import { redisForFile } from './support/redis-for-file';

/* A fleet of two app instances on one RedisEventBus channel (a real redis-server on a free loopback port,
   started for this file and stopped whatever happens): a tool disabled while serving disappears from the
   view of a client listening on the other instance. */

const redis = redisForFile();

@Provider()
class Desk {
  @Tool()
  open(): string {
    return 'open';
  }

  @Tool()
  risky(): string {
    return 'risky';
  }
}

describe('runtime changes across a fleet on RedisEventBus', () => {
  const connections: RedisConnection[] = [];
  const apps: TesseraApp[] = [];
  const buses: RedisEventBus[] = [];

  async function instance(): Promise<TesseraApp> {
    const publisher = await connectRedis(redis.url);
    const subscriber = await connectRedis(redis.url);
    connections.push(publisher, subscriber);
    const events = await RedisEventBus.start({
      publisher: publisher.client,
      subscriber: subscriber.client,
      channel: 'test:surface-changes',
    });
    buses.push(events);
    const app = createApp({ name: 'desk', version: '1', providers: [Desk], logger: silentLogger, events });
    apps.push(app);
    return app;
  }

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.stop();
    for (const connection of connections) await connection.close();
  });

  test('a tool disabled on the fleet disappears from a listening client on the other instance', async () => {
    const a = await instance();
    const b = await instance();
    const client = new TesseraClient({ name: 'watcher' });
    const heard: string[] = [];
    client.sdk.setNotificationHandler('notifications/tools/list_changed', () => void heard.push('tools'));
    await client.connect({ fetch: (r) => b.fetch(r) });
    const subscription = await client.sdk.listen({ toolsListChanged: true });
    try {
      expect((await client.sdk.listTools()).tools.map((t) => t.name)).toEqual(['open', 'risky']);
      // the operator's change, applied on every instance; the first announcement crosses Redis to b's stream
      a.tools.disable('risky');
      b.tools.disable('risky');
      const deadline = Date.now() + 5000;
      while (heard.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toEqual(['tools', 'tools']);
      expect((await client.sdk.listTools()).tools.map((t) => t.name)).toEqual(['open']);
    } finally {
      await subscription.close();
      await client.close();
    }
  });
});
