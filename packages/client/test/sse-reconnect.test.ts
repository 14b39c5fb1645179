import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TesseraClient } from '../src';

// SEP-1699 (2025-11-25): a server may close a call's event stream gracefully after an event with an id and
// a `retry`; the client comes back with a GET carrying Last-Event-ID once `retry` ms have passed, and the
// result arrives there. The SDK's transport under TesseraClient does this; this guards that it stays so
// on the Node transport TesseraClient picks for a URL.

const RETRY_MS = 300;

/** A 2025 session server whose tools/call stream closes right after its priming event. */
function reconnectingServer() {
  const resumes: Array<{ lastEventId: string; afterMs: number }> = [];
  let closedAt = 0;
  let pendingId: unknown;
  const session = { 'content-type': 'application/json', 'mcp-session-id': 'session-1' };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET') {
      const lastEventId = req.headers['last-event-id'];
      if (typeof lastEventId !== 'string') return void res.writeHead(405).end(); // no standalone stream
      resumes.push({ lastEventId, afterMs: performance.now() - closedAt });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'session-1' });
      const result = { jsonrpc: '2.0', id: pendingId, result: { content: [{ type: 'text', text: 'resumed' }] } };
      return void res.end(`event: message\nid: e2\ndata: ${JSON.stringify(result)}\n\n`);
    }
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as { id?: unknown; method: string };
      if (message.method === 'initialize') {
        const result = {
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'm', version: '1' },
        };
        return void res.writeHead(200, session).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      }
      if (message.id === undefined) return void res.writeHead(202).end();
      if (message.method !== 'tools/call')
        return void res.writeHead(200, session).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} }));
      pendingId = message.id;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'session-1' });
      res.write(`id: e1\nretry: ${RETRY_MS}\ndata: \n\n`);
      setTimeout(() => {
        closedAt = performance.now();
        res.end();
      }, 20);
    });
  });
  return { server, resumes };
}

describe('an event stream closed gracefully (SEP-1699)', () => {
  let mock: ReturnType<typeof reconnectingServer>;
  let client: TesseraClient | undefined;
  afterEach(async () => {
    await client?.close();
    await new Promise((resolve) => mock.server.close(resolve));
  });

  test('the client resumes with GET and Last-Event-ID after retry ms, and the call completes there', async () => {
    mock = reconnectingServer();
    await new Promise<void>((resolve) => mock.server.listen(0, '127.0.0.1', resolve));
    const { port } = mock.server.address() as AddressInfo;
    client = new TesseraClient({ protocol: 'legacy' });
    await client.connect({ url: `http://127.0.0.1:${port}/mcp` });

    const result = await client.callTool({ name: 'slow' });
    expect(result.content).toEqual([{ type: 'text', text: 'resumed' }]);
    expect(mock.resumes).toHaveLength(1);
    expect(mock.resumes[0].lastEventId).toBe('e1');
    expect(mock.resumes[0].afterMs).toBeGreaterThanOrEqual(RETRY_MS - 50);
  });
});
