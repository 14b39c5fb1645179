import {
  createApp,
  InvalidConfigurationError,
  Prompt,
  Provider,
  Resource,
  silentLogger,
  Tool,
  type AppModule,
} from '@tessera/core';
import { listen } from '@tessera/core/node';
import { connectHttp, connectInMemory, sendRaw } from '@tessera/testing';

// The server's identity (icons, websiteUrl, description, instructions) in server/discover, initialize and
// every result's serverInfo; tool, prompt and resource icons listed end to end.

const LOGO = { src: 'https://desk.example/logo.png', mimeType: 'image/png', sizes: ['48x48'] };
const DARK = { src: 'data:image/svg+xml;base64,PHN2Zy8+', mimeType: 'image/svg+xml', theme: 'dark' as const };
const HAMMER = { src: 'https://desk.example/hammer.png', mimeType: 'image/png' };

@Provider()
class Desk {
  @Tool({ icons: [HAMMER] })
  fix(): string {
    return 'fixed';
  }

  @Prompt({ icons: [DARK] })
  brief(): string {
    return 'brief';
  }

  @Resource('docs://readme', { icons: [LOGO] })
  readme(): string {
    return 'read me';
  }

  @Resource('docs://{page}', { icons: [HAMMER] })
  page(): string {
    return 'a page';
  }
}

const MODULE: AppModule = {
  name: 'desk',
  version: '1.2.0',
  title: 'Desk',
  description: 'Fixes things on your desk',
  websiteUrl: 'https://desk.example',
  icons: [LOGO, DARK],
  instructions: 'Call fix when something is broken.',
  providers: [Desk],
  logger: silentLogger,
};

const IDENTITY = {
  name: 'desk',
  version: '1.2.0',
  title: 'Desk',
  description: 'Fixes things on your desk',
  websiteUrl: 'https://desk.example',
  icons: [LOGO, DARK],
};
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

describe('server identity', () => {
  test('server/discover carries the instructions, and serverInfo with icons, websiteUrl and description', async () => {
    const app = createApp(MODULE);
    const r = await sendRaw(app, 'server/discover', {});
    expect(r.body.result).toMatchObject({ instructions: 'Call fix when something is broken.' });
    expect((r.body.result as { _meta: Record<string, unknown> })._meta[SERVER_INFO]).toEqual(IDENTITY);
    await app.close();
  });

  test('initialize (2025 era) carries the same identity and instructions', async () => {
    const app = createApp(MODULE);
    const client = await connectInMemory(app, { protocol: 'legacy' });
    expect(client.getServerVersion()).toEqual(IDENTITY);
    expect(client.getInstructions()).toBe('Call fix when something is broken.');
    await client.close();
    await app.close();
  });

  test.each([
    ['listen (fast lane)', {}],
    ['listen ({ fastPath: false })', { fastPath: false }],
  ])('over %s: handler icons are listed, and a call result names the server the same way', async (_path, options) => {
    const app = createApp(MODULE);
    const listener = await listen(app, { port: 0, ...options });
    const client = await connectHttp(listener.url);
    try {
      expect((await client.listTools()).tools).toEqual([expect.objectContaining({ name: 'fix', icons: [HAMMER] })]);
      expect((await client.listPrompts()).prompts).toEqual([expect.objectContaining({ name: 'brief', icons: [DARK] })]);
      expect((await client.listResources()).resources).toEqual([
        expect.objectContaining({ uri: 'docs://readme', icons: [LOGO] }),
      ]);
      expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
        expect.objectContaining({ uriTemplate: 'docs://{page}', icons: [HAMMER] }),
      ]);
      const raw = await fetch(listener.url, {
        method: 'POST',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'fix',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'fix',
            arguments: {},
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientInfo': { name: 't', version: '0' },
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
      const text = await raw.text();
      expect(text).toContain(`"${SERVER_INFO}":${JSON.stringify(IDENTITY)}`);
    } finally {
      await client.close();
      await listener.close();
      await app.close();
    }
  });

  test('bad identity settings are refused at createApp, naming the field', () => {
    const refused = (extra: Partial<AppModule>, message: RegExp) => {
      expect(() => createApp({ ...MODULE, ...extra } as AppModule)).toThrow(InvalidConfigurationError);
      expect(() => createApp({ ...MODULE, ...extra } as AppModule)).toThrow(message);
    };
    refused({ websiteUrl: 'desk.example' }, /websiteUrl must be a URL \(https: http:\), got "desk\.example"/);
    refused({ websiteUrl: 'ftp://desk.example' }, /websiteUrl must be a URL/);
    refused({ icons: { src: 'x' } as never }, /icons must be an array/);
    refused({ icons: [{ src: 'javascript:alert(1)' }] }, /icons\[0\]\.src must be a URL/);
    refused({ icons: [{ src: 'https://x.example/a.png', size: '48' } as never] }, /icons\[0\].*"size"/);
    refused({ icons: [{ src: 'https://x.example/a.png', theme: 'blue' as never }] }, /icons\[0\]\.theme/);
    refused({ description: 7 as never }, /description must be a string/);
    @Provider()
    class BadIcon {
      @Tool({ icons: [{ src: 'not a url' }] })
      t(): string {
        return 't';
      }
    }
    expect(() => createApp({ name: 'b', version: '1', providers: [BadIcon], logger: silentLogger })).toThrow(
      /BadIcon\.t: icons\[0\]\.src must be a URL/,
    );
  });
});
