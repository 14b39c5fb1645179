import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createApp, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { nodeHandler } from '@tessera/core/node';
import { seededRandom } from '../support/seeded-random';

/**
 * Seeded random Host headers sent byte for byte to nodeHandler, with the body left unread and with a parsed
 * body handed over: every request is answered, and one whose URL cannot be built from its Host is answered
 * 403. The seed is printed so a failure can be replayed (HOST_FUZZ_SEED).
 */
const SEED = Number(process.env.HOST_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = Number(process.env.HOST_FUZZ_CASES ?? 60);
const PIECES = [
  'a',
  'b',
  '1',
  '127.0.0.1',
  'example.com',
  ':',
  ':80',
  ':99999',
  '[',
  ']',
  '[::1]',
  '@',
  ' ',
  '%',
  '%zz',
  '/',
  '?',
  '#',
  '\\',
  '-',
  '.',
  'é',
];

@Provider()
class Hello {
  @Tool()
  hello(): string {
    return 'hi';
  }
}

function randomHost(next: () => number): string {
  let host = '';
  const parts = 1 + Math.floor(next() * 4);
  for (let i = 0; i < parts; i++) host += PIECES[Math.floor(next() * PIECES.length)]!;
  return host.trim() === '' ? 'a b' : host;
}

/** Whether a web `Request` can be made for this Host at all (what a face builds before any check). */
function buildable(host: string): boolean {
  try {
    new Request(`http://${host}/mcp`);
    return true;
  } catch {
    return false;
  }
}

function send(port: number, host: string): Promise<number | undefined> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  const head = [
    'POST /mcp HTTP/1.1',
    `Host: ${host}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    'Mcp-Protocol-Version: 2025-06-18',
    'Connection: close',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => socket.destroy(), 5000);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) socket.destroy(); // the status line is the answer (a stream may stay open)
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve(status ? Number(status[1]) : undefined);
    });
    socket.on('error', () => undefined);
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`, 'latin1');
  });
}

describe.each([
  ['the body left unread', false],
  ['a parsed body handed over', true],
])(`nodeHandler with %s: random Host headers (seed ${SEED})`, (_name, parsed) => {
  let app: TesseraApp;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    app = createApp({ name: 'hosts', version: '1', providers: [Hello], logger: silentLogger });
    const mcp = nodeHandler(app);
    server = createServer((req, res) => {
      if (!parsed) return void mcp(req, res);
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => void mcp(req, res, JSON.parse(text)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });

  test('every request is answered; one whose URL cannot be built is refused 403', async () => {
    const next = seededRandom(SEED + (parsed ? 1 : 0));
    for (let i = 0; i < CASES; i++) {
      const host = randomHost(next);
      const status = await send(port, host);
      // Node's own parser may refuse a Host byte it never lets through (400); that is an answer too
      expect({ host, answered: status !== undefined }).toEqual({ host, answered: true });
      // the server reads the header without the spaces around it (HTTP's optional whitespace)
      const received = host.replace(/^[ \t]+|[ \t]+$/g, '');
      if (!buildable(received) && status !== 400) expect({ host, status }).toEqual({ host, status: 403 });
    }
  });
});
