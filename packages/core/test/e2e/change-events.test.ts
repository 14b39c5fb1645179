import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import { createApp, silentLogger } from '@tessera/core';
import { TesseraClient } from '@tessera/client';
import { Deployer } from './mrtr-fixtures';

/** A client on the app's in-memory face that records the change notifications it hears. */
async function listener(app: ReturnType<typeof createApp>) {
  const client = new TesseraClient({ name: 'listener' });
  const heard: string[] = [];
  client.sdk.setNotificationHandler('notifications/tools/list_changed', () => void heard.push('tools'));
  await client.connect({ fetch: (r) => app.fetch(r) });
  return { client, heard };
}

describe('createApp({ events }): change notifications on subscriptions/listen', () => {
  test('with a bus: listChanged is declared, and app.notify reaches an open listen stream', async () => {
    const app = createApp({
      name: 's',
      version: '1',
      providers: [Deployer],
      logger: silentLogger,
      events: new InMemoryServerEventBus(),
    });
    const { client, heard } = await listener(app);
    try {
      expect(client.sdk.getServerCapabilities()?.tools).toEqual({ listChanged: true });
      const subscription = await client.sdk.listen({ toolsListChanged: true });
      expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
      app.notify.toolsChanged();
      const deadline = Date.now() + 3000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toEqual(['tools']);
      await subscription.close();
    } finally {
      await client.close();
      await app.close();
    }
  });

  test('without one: nothing is declared, and a listen asking for tool changes is honored with nothing', async () => {
    const app = createApp({ name: 's', version: '1', providers: [Deployer], logger: silentLogger });
    const { client } = await listener(app);
    try {
      expect(client.sdk.getServerCapabilities()?.tools).toEqual({});
      const subscription = await client.sdk.listen({ toolsListChanged: true });
      expect(subscription.honoredFilter).toEqual({});
      await subscription.close();
    } finally {
      await client.close();
      await app.close();
    }
  });
});
