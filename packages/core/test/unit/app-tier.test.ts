import { createApp, Provider, silentLogger, Tool, TesseraApp } from '@tessera/core';
import { McpEndpoint } from '@tessera/core/advanced';
import { listen } from '@tessera/core/node';
import { rawToolCall } from '../e2e/support/raw-tool-call';

// The main tier does not lean on the advanced one: a TesseraApp is composed over an endpoint, not one itself, and
// shows only what a server author uses (the API report pins the types; this pins the shape at run time).

@Provider()
class Echo {
  @Tool()
  echo(): string {
    return 'ok';
  }
}

const app = createApp({ name: 'tier', version: '1', providers: [Echo], logger: silentLogger });
afterAll(() => app.close());

test('a TesseraApp is not an McpEndpoint, and has only the main tier members', () => {
  expect(app).toBeInstanceOf(TesseraApp);
  expect(app).not.toBeInstanceOf(McpEndpoint);
  expect(Object.keys(app).sort()).toEqual(['fetch', 'logger']);
  const methods = Object.getOwnPropertyNames(TesseraApp.prototype).filter((name) => name !== 'constructor');
  expect(methods.sort()).toEqual([
    'addProvider',
    'close',
    'describePipeline',
    'name',
    'notify',
    'prompts',
    'removeProvider',
    'replaceProvider',
    'resources',
    'tools',
  ]);
});

test('the Node faces still serve it (through its endpoint), and app.close() stops them', async () => {
  const listener = await listen(app, { port: 0 });
  const { body, headers } = rawToolCall('echo');
  const response = await fetch(listener.url, { method: 'POST', headers, body });
  expect(await response.text()).toContain('"ok"');
  await app.close();
  await expect(fetch(listener.url, { method: 'POST', headers, body })).rejects.toThrow();
});
