import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppResource, createApp, Provider, Tool, type Logger } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { sendRaw } from '@tessera/testing';

const dir = mkdtempSync(path.join(tmpdir(), 'tessera-views-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const viewPath = path.join(dir, 'view.html');
const missingPath = path.join(dir, 'gone', 'view.html');

@Provider()
class FileViews {
  @AppResource('ui://files/view.html', { prefersBorder: true })
  view(): URL {
    return pathToFileURL(viewPath);
  }

  @AppResource('ui://files/missing.html')
  async missing(): Promise<URL> {
    return pathToFileURL(missingPath);
  }

  @Tool({ description: 'Shows the view', ui: { resource: 'ui://files/view.html' } })
  show(): string {
    return 'shown';
  }
}

function recordingLogger(): { logger: Logger; errors: Array<{ message: string; fields?: object }> } {
  const errors: Array<{ message: string; fields?: object }> = [];
  const ignore = () => undefined;
  return {
    errors,
    logger: { debug: ignore, info: ignore, warn: ignore, error: (message, fields) => errors.push({ message, fields }) },
  };
}

describe('MCP Apps: a view returned as a file', () => {
  test('a file: URL is read as UTF-8 HTML with the app MIME type, on each read', async () => {
    const { logger } = recordingLogger();
    const app = createApp({ name: 'files', version: '1', providers: [FileViews], logger });
    writeFileSync(viewPath, '<!doctype html><p>first, café</p>');
    const first = await sendRaw(app, 'resources/read', { uri: 'ui://files/view.html' });
    expect(first.body.result?.contents).toEqual([
      {
        uri: 'ui://files/view.html',
        mimeType: 'text/html;profile=mcp-app',
        text: '<!doctype html><p>first, café</p>',
        _meta: { ui: { prefersBorder: true } },
      },
    ]);
    // a view rebuilt while the server runs is served as built
    writeFileSync(viewPath, '<!doctype html><p>rebuilt</p>');
    const second = await sendRaw(app, 'resources/read', { uri: 'ui://files/view.html' });
    expect((second.body.result?.contents as Array<{ text: string }>)[0]!.text).toBe('<!doctype html><p>rebuilt</p>');
  });

  test("over HTTP, the fast lane's direct path and the SDK path read the file with its _meta.ui alike", async () => {
    const app = createApp({ name: 'files', version: '1', providers: [FileViews], logger: recordingLogger().logger });
    writeFileSync(viewPath, '<!doctype html><p>over http</p>');
    const fast = await listen(app, { port: 0 });
    const sdkPath = await listen(app, { port: 0, fastPath: false });
    const read = async (url: URL) =>
      (await (
        await fetch(url, {
          method: 'POST',
          headers: {
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'resources/read',
            'mcp-name': 'ui://files/view.html',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'resources/read',
            params: {
              uri: 'ui://files/view.html',
              _meta: {
                'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientInfo': { name: 't', version: '0' },
                'io.modelcontextprotocol/clientCapabilities': {},
              },
            },
          }),
        })
      ).json()) as { result?: { contents?: unknown } };
    try {
      for (const url of [fast.url, sdkPath.url])
        expect((await read(url)).result?.contents).toEqual([
          {
            uri: 'ui://files/view.html',
            mimeType: 'text/html;profile=mcp-app',
            text: '<!doctype html><p>over http</p>',
            _meta: { ui: { prefersBorder: true } },
          },
        ]);
    } finally {
      await fast.close();
      await sdkPath.close();
      await app.close();
    }
  });

  test('a missing file is an error naming the class, the method and the path (logged, masked for the client)', async () => {
    const { logger, errors } = recordingLogger();
    const app = createApp({ name: 'files', version: '1', providers: [FileViews], logger });
    const read = await sendRaw(app, 'resources/read', { uri: 'ui://files/missing.html' });
    expect(read.body.error?.message).toMatch(/^Internal error \(ref [0-9a-f]+\)/);
    expect(JSON.stringify(read.body)).not.toContain(missingPath);
    const logged = errors.map((e) => String((e.fields as { error?: Error } | undefined)?.error?.message));
    expect(logged).toEqual([
      `@AppResource on FileViews.missing: its view file ${missingPath} cannot be read (no such file).`,
    ]);
  });
});
