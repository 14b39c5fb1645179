import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { listen } from '@tessera/core/node';

let release: () => void = () => undefined;
let started: () => void = () => undefined;

@Provider()
class Slow {
  @Tool()
  async slow(): Promise<string> {
    started();
    await new Promise<void>((resolve) => (release = resolve));
    return 'finished';
  }
}

const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'slow',
    arguments: {},
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});
const headers = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'slow',
};

describe('closing a listener', () => {
  test('lets a call in flight finish, then stops accepting', async () => {
    const app = createApp({ name: 'slow', version: '1', providers: [Slow], logger: silentLogger });
    const { url, close } = await listen(app, { port: 0, drainMs: 5000 });
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const response = fetch(url, { method: 'POST', headers, body });
    await inFlight;
    const closing = close();
    release();
    const answered = await response;
    expect(await answered.text()).toContain('finished');
    await closing;
    await expect(fetch(url, { method: 'POST', headers, body })).rejects.toThrow();
  });

  test('cuts a call that outlives drainMs', async () => {
    const app = createApp({ name: 'slow', version: '1', providers: [Slow], logger: silentLogger });
    const { url, close } = await listen(app, { port: 0, drainMs: 50 });
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const response = fetch(url, { method: 'POST', headers, body }).then((r) => r.text());
    await inFlight;
    await close();
    await expect(response).rejects.toThrow();
    release();
  });
});
