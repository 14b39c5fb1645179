import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import {
  AppResource,
  createApp,
  Provider,
  silentLogger,
  Tool,
  type ServerExtension,
  type TesseraApp,
} from '@tessera/core';
import { TesseraClient } from '@tessera/client';
import { sendRaw } from '@tessera/testing';
import { Dashboard, VIEW } from './app-fixtures';

// A provider added while serving gets what createApp gives an app tool: the same checks (refused by name),
// its _meta.ui, the extension advertised once an app tool exists, and list_changed.

@Provider()
class Plain {
  @Tool({ description: 'Says hello' })
  hello(): string {
    return 'hello';
  }
}

@Provider()
class Charts {
  @AppResource('ui://charts/view.html', { prefersBorder: true })
  view(): string {
    return '<p>chart</p>';
  }

  @Tool({ description: 'Draws a chart', ui: { resource: 'ui://charts/view.html' } })
  chart(): string {
    return 'drawn';
  }
}

@Provider()
class Misnamed {
  @Tool({ description: 'Names a view nobody serves', ui: { resource: 'ui://nowhere/view.html' } })
  lost(): string {
    return 'lost';
  }
}

const UI = 'io.modelcontextprotocol/ui';
type Listed = { name: string; _meta?: Record<string, unknown> };

const tools = async (app: TesseraApp) =>
  Object.fromEntries(
    ((await sendRaw(app, 'tools/list', {})).body.result?.tools as Listed[]).map((t) => [t.name, t._meta]),
  );
const extensions = async (app: TesseraApp) =>
  ((await sendRaw(app, 'server/discover', {})).body.result?.capabilities as { extensions?: object }).extensions;

/** A listen stream on `app`, resolving at the first tools list_changed it hears. */
async function toolsChanged(app: TesseraApp) {
  const client = new TesseraClient({ name: 'watcher' });
  const heard = new Promise<void>((resolve) =>
    client.sdk.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
  );
  await client.connect({ fetch: (r) => app.fetch(r) });
  const subscription = await client.sdk.listen({ toolsListChanged: true });
  return {
    heard,
    close: async () => {
      await subscription.close();
      await client.close();
    },
  };
}

describe('MCP Apps: providers added and removed while serving', () => {
  test('an added app tool gets its _meta.ui, the extension is advertised, and list_changed fires', async () => {
    const app = createApp({
      name: 'grow',
      version: '1',
      providers: [Plain],
      events: new InMemoryServerEventBus(),
      logger: silentLogger,
    });
    expect(await extensions(app)).toBeUndefined();
    const watcher = await toolsChanged(app);
    try {
      app.addProvider(Charts);
      await watcher.heard;
      expect((await tools(app)).chart).toEqual({
        ui: { resourceUri: 'ui://charts/view.html' },
        'ui/resourceUri': 'ui://charts/view.html',
      });
      expect(await extensions(app)).toEqual({ [UI]: {} });
      const read = await sendRaw(app, 'resources/read', { uri: 'ui://charts/view.html' });
      expect(read.body.result?.contents).toEqual([
        {
          uri: 'ui://charts/view.html',
          mimeType: 'text/html;profile=mcp-app',
          text: '<p>chart</p>',
          _meta: { ui: { prefersBorder: true } },
        },
      ]);
      // removing the last app tool stops advertising the extension
      app.removeProvider(Charts);
      expect(await extensions(app)).toBeUndefined();
    } finally {
      await watcher.close();
      await app.close();
    }
  });

  test('an added app tool naming no view is refused by name, and the app stays as it was', async () => {
    const app = createApp({ name: 'grow', version: '1', providers: [Plain], logger: silentLogger });
    expect(() => app.addProvider(Misnamed)).toThrow(
      '@Tool on Misnamed.lost: ui.resource names "ui://nowhere/view.html", which no @AppResource serves',
    );
    expect(Object.keys(await tools(app))).toEqual(['hello']);
    expect(await extensions(app)).toBeUndefined();
    await app.close();
  });

  test("a change keeps every extension's decorations of the tools already served", async () => {
    const audit: ServerExtension = {
      id: 'com.example/audit',
      decorateTool: (tool) => ({ ...tool, _meta: { ...tool._meta, 'com.example/audited': true } }),
    };
    const app = createApp({
      name: 'dash',
      version: '1',
      providers: [Dashboard],
      extensions: [audit],
      logger: silentLogger,
    });
    app.addProvider(Plain);
    const listed = await tools(app);
    expect(listed.show).toEqual({
      ui: { resourceUri: VIEW },
      'ui/resourceUri': VIEW,
      'com.example/audited': true,
    });
    expect(listed.hello).toEqual({ 'com.example/audited': true });
    expect(await extensions(app)).toMatchObject({ [UI]: {}, 'com.example/audit': {} });
    await app.close();
  });
});
