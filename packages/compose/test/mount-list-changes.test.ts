import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import { TesseraClient } from '@tessera/client';
import { createApp, DuplicateNameError, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { mountRemote, type RemoteMount } from '@tessera/compose';
import { spawnHttpRemote, type SpawnedHttpRemote } from './support/spawned-remote';

const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

/** A client of our app holding a listen stream; `next(kind)` resolves on the next list_changed of that kind. */
async function watcher(app: TesseraApp) {
  const client = new TesseraClient({ name: 'watcher' });
  const waiting = new Map<string, Array<() => void>>();
  const heard = (kind: string) => () => {
    for (const resolve of waiting.get(kind) ?? []) resolve();
    waiting.delete(kind);
  };
  client.sdk.setNotificationHandler('notifications/tools/list_changed', heard('tools'));
  client.sdk.setNotificationHandler('notifications/prompts/list_changed', heard('prompts'));
  await client.connect({ fetch: (r) => app.fetch(r) });
  const subscription = await client.sdk.listen({ toolsListChanged: true, promptsListChanged: true });
  return {
    client,
    next: (kind: 'tools' | 'prompts') =>
      new Promise<void>((resolve) => waiting.set(kind, [...(waiting.get(kind) ?? []), resolve])),
    close: async () => {
      await subscription.close();
      await client.close();
    },
  };
}

describe('a mount follows the remote list changes', () => {
  jest.setTimeout(30_000);
  let remote: SpawnedHttpRemote;
  let mount: RemoteMount;
  let app: TesseraApp;

  beforeAll(async () => {
    remote = await spawnHttpRemote('remote-changing.fixture.ts');
    mount = await mountRemote({ prefix: 'ops', url: remote.url });
    app = createApp({
      name: 'gateway',
      version: '1.0.0',
      providers: [],
      imports: [mount.module],
      logger: silentLogger,
      events: new InMemoryServerEventBus(),
    });
    await mount.follow(app);
  });

  afterAll(async () => {
    await app?.close();
    await mount?.close();
    await remote?.stop();
  });

  test('an added tool and prompt appear namespaced, a disabled one goes, and our app announces each', async () => {
    const w = await watcher(app);
    try {
      const names = async () => (await w.client.listTools()).tools.map((t) => t.name).sort();
      expect(await names()).toEqual(['ops_grow', 'ops_hide']);

      const grown = Promise.all([w.next('tools'), w.next('prompts')]);
      expect(text(await w.client.callTool({ name: 'ops_grow', arguments: {} }))).toBe('grown');
      await grown;
      expect(await names()).toEqual(['ops_extra', 'ops_grow', 'ops_hide']);
      expect((await w.client.listPrompts()).prompts.map((p) => p.name)).toEqual(['ops_base', 'ops_tips']);
      expect(text(await w.client.callTool({ name: 'ops_extra', arguments: {} }))).toBe('extra from the remote');
      expect(mount.surface.tools.map((t) => t.name).sort()).toEqual(['extra', 'grow', 'hide']);

      const hidden = w.next('tools');
      await w.client.callTool({ name: 'ops_hide', arguments: {} });
      await hidden;
      expect(await names()).toEqual(['ops_grow', 'ops_hide']);
      const gone = await w.client.callTool({ name: 'ops_extra', arguments: {} }).then(
        (r) => (r.isError ? text(r) : 'served'),
        (e: Error) => e.message,
      );
      expect(gone).toContain('ops_extra');
    } finally {
      await w.close();
    }
  });

  test('follow() is called once', async () => {
    await expect(mount.follow(app)).rejects.toThrow('mount "ops": follow() was already called');
  });
});

describe('a change the app refuses', () => {
  jest.setTimeout(30_000);

  @Provider()
  class Local {
    @Tool({ name: 'ops_extra' })
    mine(): string {
      return 'local';
    }
  }

  test('keeps the surface as it was and goes to onError', async () => {
    const remote = await spawnHttpRemote('remote-changing.fixture.ts');
    const mount = await mountRemote({ prefix: 'ops', url: remote.url });
    const app = createApp({
      name: 'gateway',
      version: '1.0.0',
      providers: [Local],
      imports: [mount.module],
      logger: silentLogger,
    });
    try {
      let report!: (error: unknown) => void;
      const refused = new Promise<unknown>((resolve) => (report = resolve));
      await mount.follow(app, (error) => report(error));
      const c = new TesseraClient();
      await c.connect({ fetch: (r) => app.fetch(r) });
      await c.callTool({ name: 'ops_grow', arguments: {} });
      // the remote now lists "extra", which would be served as ops_extra: a local tool's name
      expect(await refused).toBeInstanceOf(DuplicateNameError);
      expect((await c.listTools()).tools.map((t) => t.name).sort()).toEqual(['ops_extra', 'ops_grow', 'ops_hide']);
      expect(text(await c.callTool({ name: 'ops_extra', arguments: {} }))).toBe('local');
      expect(mount.surface.tools.map((t) => t.name).sort()).toEqual(['grow', 'hide']);
      await c.close();
    } finally {
      await app.close();
      await mount.close();
      await remote.stop();
    }
  });
});
