import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { postRaw, rawRequestInit, sendRaw } from '@tessera/testing';

@Provider()
class Greeter {
  @Tool()
  greet(): string {
    return 'hello';
  }
}

const app = () => createApp({ name: 'raw', version: '1', providers: [Greeter], logger: silentLogger });

describe('rawRequestInit and postRaw', () => {
  test('rawRequestInit is the 2026-07-28 request: envelope, routing headers, options last', () => {
    const init = rawRequestInit('tools/call', { name: 'greet', arguments: {} }, { id: 7, headers: { 'x-extra': '1' } });
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'greet',
      'x-extra': '1',
    });
    expect(JSON.parse(init.body)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'greet',
        arguments: {},
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
  });

  test('postRaw over loopback HTTP answers what sendRaw answers in memory', async () => {
    const served = app();
    const listener = await listen(served, { port: 0 });
    try {
      const overHttp = await postRaw(listener.url, 'tools/call', { name: 'greet', arguments: {} });
      const inMemory = await sendRaw(app(), 'tools/call', { name: 'greet', arguments: {} });
      expect(overHttp).toEqual(inMemory);
      expect(overHttp.body.result).toMatchObject({ content: [{ type: 'text', text: 'hello' }] });
    } finally {
      await listener.close();
    }
  });

  test('each refuses an option it does not know, by name', async () => {
    expect(() => rawRequestInit('tools/list', {}, { header: {} } as never)).toThrow(
      'rawRequestInit: "header" is not an option; known: capabilities, id, headers.',
    );
    await expect(postRaw('http://127.0.0.1:1/mcp', 'tools/list', {}, { header: {} } as never)).rejects.toThrow(
      'postRaw: "header" is not an option; known: capabilities, id, headers.',
    );
  });
});
