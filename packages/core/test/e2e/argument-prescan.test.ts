import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createApp, createLowLevelServer, silentLogger, type TesseraApp } from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { MachineTools } from './fixtures';

// #17 item 1: a 100 000-key body is refused by a scan before JSON.parse, so the loop never parses it.
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'prescan', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const bodyOf = (id: number, args: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'provision', arguments: args, _meta: META } });
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'provision' };
const post = (url: URL, body: RequestInit['body']) => fetch(url, { method: 'POST', headers, body });
const EXPECTED = { code: -32602, message: 'Invalid arguments for tool "provision": arguments hold more than 1000 keys in all (limits.maxArgumentKeys)' };

function hugeArgs(): Record<string, unknown> {
  const huge: Record<string, unknown> = { name: 'web1', region: 'eu' };
  for (let i = 0; i < 100_000; i += 1) huge[`extra${i}`] = i;
  return huge;
}

describe('arguments over the limits are refused before JSON.parse', () => {
  let app: TesseraApp;
  let listener: HttpListener;
  beforeAll(async () => {
    app = createApp({ name: 'prescan', version: '1', providers: [MachineTools], logger: silentLogger });
    listener = await listen(app, { port: 0 });
  });
  afterAll(() => app.close());

  test('node fast path: 100 000 keys refused with the -32602, the loop stays free, a concurrent call is prompt', async () => {
    const body = Buffer.from(bodyOf(1, hugeArgs())); // encoded once, outside the measured window
    await (await post(listener.url, bodyOf(0, { name: 'warm', region: 'eu' }))).text();
    await (await post(listener.url, body)).text(); // warm the scan's code too
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const big = post(listener.url, body).then((r) => r.json());
    const smallStart = performance.now();
    const small = await (await post(listener.url, bodyOf(2, { name: 'web2', region: 'us' }))).text();
    const smallMs = performance.now() - smallStart;
    const answer = (await big) as { error?: unknown };
    delay.disable();
    const maxMs = delay.max / 1e6;
    process.stdout.write(`event loop delay max during the refused request: ${maxMs.toFixed(1)} ms; concurrent call ${smallMs.toFixed(1)} ms\n`);
    expect(answer.error).toEqual(EXPECTED);
    expect(small).toContain('provisioned web2 in us');
    // client and server share this loop: the client's own JSON.stringify of the body is done above
    expect(maxMs).toBeLessThan(50); // JSON.parse alone of this body took 50-100 ms (#17)
    expect(smallMs).toBeLessThan(1000);
  });

  test('fetch face and low-level server answer the same refusal', async () => {
    const request = () => new Request('http://localhost/mcp', { method: 'POST', headers, body: bodyOf(3, hugeArgs()) });
    expect(((await (await app.fetch(request())).json()) as { error: unknown }).error).toEqual(EXPECTED);
    const low = createLowLevelServer({
      name: 'low', version: '1', logger: silentLogger,
      tools: [{ name: 'provision', inputSchema: { type: 'object' } }],
      callTool: () => ({ content: [{ type: 'text', text: 'ran' }] }),
    });
    try {
      expect(((await (await low.fetch(request())).json()) as { error: unknown }).error).toEqual(EXPECTED);
    } finally {
      await low.close();
    }
  });
});
