import { Client } from '@modelcontextprotocol/client';
import { InMemoryServerEventBus, InMemoryTransport } from '@modelcontextprotocol/server';
import { createApp, Provider, Resource, silentLogger, type TesseraApp } from '@tessera/core';
import { serveStdio } from '@tessera/core/node';

// resources/subscribe over serveStdio (a 2025-era connection): app.notify.resourceUpdated(uri) reaches the
// connection subscribed to uri as notifications/resources/updated on the stdio stream, as over an HTTP session.

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

const appModule = { name: 'stdio-subscriptions', version: '1', providers: [Watched], logger: silentLogger };

/** A 2025 client over a linked in-memory pair served by serveStdio; `next()` resolves with the next update it hears. */
async function stdioClient(app: TesseraApp, maxSubscriptions?: number) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(app, { transport: serverSide, ...(maxSubscriptions === undefined ? {} : { maxSubscriptions }) });
  const client = new Client({ name: 'old', version: '1' }, { capabilities: {} });
  const heard: string[] = [];
  let waiting: ((uri: string) => void) | undefined;
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    heard.push(n.params.uri);
    waiting?.(n.params.uri);
  });
  await client.connect(clientSide);
  const next = () => new Promise<string>((resolve) => (waiting = resolve));
  return { client, heard, next };
}

describe('resources/subscribe over stdio', () => {
  const apps: TesseraApp[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  const app = (module: object = {}) => {
    const made = createApp({ ...appModule, ...module });
    apps.push(made);
    return made;
  };

  test('declares subscribe; an update reaches the connection for the URIs it subscribed to, until it unsubscribes', async () => {
    const server = app();
    const { client, heard, next } = await stdioClient(server);
    clients.push(client);
    expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });

    expect(await client.subscribeResource({ uri: 'test://a' })).toEqual({});
    let update = next();
    server.notify.resourceUpdated('test://b'); // not subscribed: not sent
    server.notify.resourceUpdated('test://a');
    expect(await update).toBe('test://a');

    expect(await client.unsubscribeResource({ uri: 'test://a' })).toEqual({});
    await client.subscribeResource({ uri: 'test://b' });
    update = next();
    server.notify.resourceUpdated('test://a');
    // a marker after it on the same stream, which keeps its order: had test://a been sent, it came first
    server.notify.resourceUpdated('test://b');
    expect(await update).toBe('test://b');
    expect(heard).toEqual(['test://a', 'test://b']);
  });

  test('across a fleet: an update raised on another instance sharing the events bus reaches the connection', async () => {
    const events = new InMemoryServerEventBus();
    const here = app({ events });
    const there = app({ events });
    const { client, next } = await stdioClient(here);
    clients.push(client);
    await client.subscribeResource({ uri: 'test://b' });
    const update = next();
    there.notify.resourceUpdated('test://b');
    expect(await update).toBe('test://b');
  });

  test("a connection holds at most serveStdio's maxSubscriptions; the one past it is refused, naming the option", async () => {
    const { client } = await stdioClient(app(), 1);
    clients.push(client);
    await client.subscribeResource({ uri: 'test://a' });
    await expect(client.subscribeResource({ uri: 'test://b' })).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('at most 1, serveStdio maxSubscriptions'),
    });
  });

  test('an app that serves no resources does not offer subscriptions over stdio', async () => {
    const { client } = await stdioClient(app({ providers: [] }));
    clients.push(client);
    expect(client.getServerCapabilities()?.resources).toBeUndefined();
    await expect(client.subscribeResource({ uri: 'test://a' })).rejects.toMatchObject({ code: -32601 });
  });
});
