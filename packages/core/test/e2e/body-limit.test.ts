import { request as httpRequest } from 'node:http';
import { createApp, silentLogger } from '@tessera/core';
import { createLowLevelServer } from '@tessera/core/advanced';
import { listen } from '@tessera/core/node';
import { MachineTools } from './fixtures';

// #14 item 1: a body without Content-Length (chunked, streamed) used to be buffered whole before the size
// check (200 MB grew the process by about 600 MB). Every face now counts bytes as they arrive and stops.
const CHUNK = 64 * 1024;
const mcpHeaders = (modern: boolean): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  ...(modern ? { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'provision' } : {}),
});

/** A lazily pulled body of `total` bytes (a JSON string that never ends), counting what was pulled. */
function endlessBody(total: number) {
  const pulled = { bytes: 0 };
  const chunk = new Uint8Array(CHUNK).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) =>
      controller.enqueue(new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"')),
    pull: (controller) => {
      if (pulled.bytes >= total) return controller.close();
      pulled.bytes += CHUNK;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

/** A 2026-07-28 POST whose body is `stream`, sent as it is pulled. */
const streamedPost = (stream: ReadableStream, extraHeaders: Record<string, string> = {}) =>
  new Request('http://t/mcp', {
    method: 'POST',
    headers: { ...mcpHeaders(true), ...extraHeaders },
    body: stream,
    duplex: 'half',
  } as RequestInit);

const tooLarge = (max: number) => ({
  jsonrpc: '2.0',
  error: { code: -32000, message: `Payload Too Large: Request body must not exceed ${max} bytes` },
  id: null,
});

describe('the body limit, counted while streaming', () => {
  test('fetch: a 200 MB streamed body is refused with 413 after at most the limit is read', async () => {
    const app = createApp({ name: 'limit', version: '1', providers: [MachineTools], logger: silentLogger });
    const { stream, pulled } = endlessBody(200 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const response = await app.fetch(streamedPost(stream));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge(4 * 1024 * 1024));
    expect(pulled.bytes).toBeLessThanOrEqual(4 * 1024 * 1024 + 4 * CHUNK); // the rest was never pulled
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });

  test('a Content-Length over the limit is refused before reading', async () => {
    const app = createApp({
      name: 'limit',
      version: '1',
      providers: [MachineTools],
      logger: silentLogger,
      limits: { maxBodyBytes: 1000 },
    });
    const { stream, pulled } = endlessBody(10 * CHUNK);
    const response = await app.fetch(streamedPost(stream, { 'content-length': '5000' }));
    expect(response.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(CHUNK);
  });

  test('the low-level server, with its own limit', async () => {
    const server = createLowLevelServer({
      name: 'll',
      version: '1',
      logger: silentLogger,
      limits: { maxBodyBytes: 100_000 },
      tools: [],
      callTool: () => ({ content: [] }),
    });
    const { stream, pulled } = endlessBody(50 * 1024 * 1024);
    const response = await server.fetch(streamedPost(stream));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge(100_000));
    expect(pulled.bytes).toBeLessThan(100_000 + 4 * CHUNK);
  });

  test.each([
    ['the fast path (2026-07-28 headers)', true],
    ['the SDK adapter path (no version header)', false],
  ])('listen, %s: a chunked body far over the limit gets 413 while it is still being sent', async (_name, modern) => {
    const app = createApp({
      name: 'limit',
      version: '1',
      providers: [MachineTools],
      logger: silentLogger,
      limits: { maxBodyBytes: 256 * 1024 },
    });
    const listener = await listen(app, { port: 0 });
    try {
      const rssBefore = process.memoryUsage().rss;
      const outcome = await new Promise<{ status: number; sentWhenAnswered: number; body: string }>(
        (resolve, reject) => {
          let sent = 0;
          let answered = false;
          const req = httpRequest(listener.url, { method: 'POST', headers: mcpHeaders(modern) }); // no Content-Length: chunked
          req.on('response', (res) => {
            answered = true;
            const sentWhenAnswered = sent;
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, sentWhenAnswered, body }));
          });
          req.on('error', (error) => (answered ? undefined : reject(error)));
          const chunk = Buffer.alloc(CHUNK, 0x61);
          const pump = () => {
            while (!answered && sent < 512 * 1024 * 1024) {
              sent += CHUNK;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
            req.end();
          };
          req.write('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"');
          pump();
        },
      );
      expect(outcome.status).toBe(413);
      expect(outcome.body).toContain('Payload Too Large');
      expect(outcome.sentWhenAnswered).toBeLessThan(64 * 1024 * 1024); // answered long before the 512 MB were sent
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(96 * 1024 * 1024);
    } finally {
      await listener.close();
    }
  });
});
