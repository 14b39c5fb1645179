import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import { createApp, Provider, Resource, silentLogger, type TesseraApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { TesseraClient } from '@tessera/client';

// resources/subscribe on 2025 sessions (legacySessions): app.notify.resourceUpdated(uri) reaches the sessions
// subscribed to uri, on this instance and, through a shared events bus, on the others of a fleet.

@Provider()
class Watched {
  @Resource('test://a', { name: 'a' })
  a(): string {
    return 'a';
  }

  @Resource('test://b', { name: 'b' })
  b(): string {
    return 'b';
  }
}

let guardedShown = false;

@Provider()
class Guarded {
  @Resource('test://guarded', { name: 'guarded', visible: () => guardedShown })
  guarded(): string {
    return 'guarded';
  }
}

const appModule = { name: 'subscriptions', version: '1', providers: [Watched], logger: silentLogger };

/** A 2025 client over a real socket, recording the resource updates it hears. */
async function subscriber(app: TesseraApp): Promise<{ client: TesseraClient; updates: string[] }> {
  const { url } = await listen(app, { port: 0 });
  const client = new TesseraClient({ protocol: 'legacy' });
  const updates: string[] = [];
  client.sdk.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri));
  await client.connect({ url: url.href });
  return { client, updates };
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};

describe('resources/subscribe on 2025 sessions', () => {
  const apps: TesseraApp[] = [];
  const clients: TesseraClient[] = [];
  const track = <T extends { client: TesseraClient }>(s: T) => (clients.push(s.client), s);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  const app = (options: Parameters<typeof createApp>[1], module: object = {}) => {
    const made = createApp({ ...appModule, ...module }, options);
    apps.push(made);
    return made;
  };

  test('declares subscribe; an update reaches the subscribed session only, until it unsubscribes', async () => {
    const server = app({ legacySessions: true });
    const first = track(await subscriber(server));
    const second = track(await subscriber(server));
    expect(first.client.sdk.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });

    expect(await first.client.sdk.subscribeResource({ uri: 'test://a' })).toEqual({});
    await second.client.sdk.subscribeResource({ uri: 'test://b' });
    server.notify.resourceUpdated('test://a');
    await until(() => first.updates.length === 1, 'the update of test://a');
    expect(first.updates).toEqual(['test://a']);

    expect(await first.client.sdk.unsubscribeResource({ uri: 'test://a' })).toEqual({});
    await first.client.sdk.subscribeResource({ uri: 'test://c' });
    server.notify.resourceUpdated('test://a');
    server.notify.resourceUpdated('test://b');
    // a marker after them on the same stream, which keeps its order: had test://a been sent, it came first
    server.notify.resourceUpdated('test://c');
    await until(() => second.updates.length === 1, 'the update of test://b');
    await until(() => first.updates.length === 2, 'the update of test://c');
    expect(first.updates).toEqual(['test://a', 'test://c']);
    expect(second.updates).toEqual(['test://b']);
  });

  test('an update of a resource hidden from the session is never sent to it; shown again, it is', async () => {
    guardedShown = false;
    const server = app({ legacySessions: true }, { providers: [Watched, Guarded] });
    const watcher = track(await subscriber(server));
    // subscribing to the hidden URI answers as for a URI nobody serves
    expect(await watcher.client.sdk.subscribeResource({ uri: 'test://guarded' })).toEqual({});
    await watcher.client.sdk.subscribeResource({ uri: 'test://a' });
    server.notify.resourceUpdated('test://guarded');
    server.notify.resourceUpdated('test://a'); // a marker on the same ordered stream
    await until(() => watcher.updates.length === 1, 'the update of test://a');
    expect(watcher.updates).toEqual(['test://a']);
    guardedShown = true;
    server.notify.resourceUpdated('test://guarded');
    server.notify.resourceUpdated('test://a');
    await until(() => watcher.updates.length === 3, 'both updates');
    expect(watcher.updates).toEqual(['test://a', 'test://guarded', 'test://a']);
  });

  test('across a fleet: an update raised on another instance of the shared bus reaches the session', async () => {
    const events = new InMemoryServerEventBus();
    const here = app({ legacySessions: true }, { events });
    const there = app({ legacySessions: true }, { events });
    const { client, updates } = track(await subscriber(here));
    await client.sdk.subscribeResource({ uri: 'test://b' });
    there.notify.resourceUpdated('test://b');
    await until(() => updates.length === 1, 'the update raised on the other instance');
    expect(updates).toEqual(['test://b']);
  });

  test('a session holds at most maxSubscriptions; the one past it is refused, naming the option', async () => {
    const server = app({ legacySessions: { maxSubscriptions: 1 } });
    const { client } = track(await subscriber(server));
    await client.sdk.subscribeResource({ uri: 'test://a' });
    await client.sdk.subscribeResource({ uri: 'test://a' }); // already held: not a second one
    await expect(client.sdk.subscribeResource({ uri: 'test://b' })).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('at most 1, legacySessions.maxSubscriptions'),
    });
    await client.sdk.unsubscribeResource({ uri: 'test://a' });
    expect(await client.sdk.subscribeResource({ uri: 'test://b' })).toEqual({});
  });

  test('an app that serves no resources does not offer subscriptions', async () => {
    const server = app({ legacySessions: true }, { providers: [] });
    const { client } = track(await subscriber(server));
    expect(client.sdk.getServerCapabilities()?.resources).toBeUndefined();
    await expect(client.sdk.subscribeResource({ uri: 'test://a' })).rejects.toMatchObject({ code: -32601 });
  });

  test('bad options are refused at createApp', () => {
    expect(() => createApp(appModule, { legacySessions: { maxSubscriptions: 0 } })).toThrow(
      'legacySessions.maxSubscriptions must be a positive number, got 0.',
    );
    expect(() => createApp(appModule, { legacySessions: { maxSubscription: 5 } as never })).toThrow(
      /legacySessions: "maxSubscription" is not an option; known: maxSessions, idleMs, maxSubscriptions, resumeEvents, retryMs/,
    );
  });
});
