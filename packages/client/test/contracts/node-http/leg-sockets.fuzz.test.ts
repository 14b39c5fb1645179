import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import * as stream from 'node:stream';
import type { AddressInfo } from 'node:net';
import { nodeHttpClient, JsonText, type NodeHttpClient } from '../../../src/accelerators/node-http/node-http-fetch';
import { readAnswerHead } from '../../../src/accelerators/node-http/plain-json-head';
import { classifyLegFailure } from '../../../src/rounds/leg-failure';
import { random, type Random } from '../../support/seeded-random';

/*
 * The leg sockets (leg-sockets.ts) against node:http's own client, on seeded random answers from a raw TCP
 * server: statuses (1xx first, errors, 204), header spellings and casings, duplicated, missing and odd
 * `Content-Length`, `Content-Type`, `Connection` and `Keep-Alive` headers, chunked bodies, bare LF, invalid
 * characters, answers cut short by an end or a reset, bytes past the answer, each delivered in random pieces.
 * Every leg must come out the same through both: the JSON text, or the Response's status, headers and body,
 * or the error's name, message, cause and balancer kind; and what the server received must be the same bytes
 * (the Host header's port aside), and the next leg on the same client must reuse the connection or open a new
 * one as node's agent does after an answer read by the leg sockets themselves. The seed is printed so a failure can be replayed (LEG_SOCKETS_FUZZ_SEED).
 */

const SEED = Number(process.env.LEG_SOCKETS_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = 160;

/** What the server does with one request: the bytes it answers, in pieces, and how the connection ends. */
interface Script {
  pieces: Buffer[];
  after: 'keep' | 'end' | 'destroy' | 'reset';
  /** Cut the answer short after this many bytes (then `after` is an end, a destroy or a reset). */
  cutAt?: number;
}

const BODIES = [
  '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"ok"}]}}',
  '{"jsonrpc":"2.0","id":1,"result":{"text":"héllo wörld 日本 🎉"}}',
  '\uFEFF{"jsonrpc":"2.0","id":1,"result":{}}',
  '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad"}}',
  '',
  'not json at all',
  'data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'Application/JSON',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
  'text/event-stream',
  'text/plain',
  undefined,
];
const STATUS_LINES = [
  'HTTP/1.1 200 OK',
  'HTTP/1.1 200 OK',
  'HTTP/1.1 200 OK',
  'HTTP/1.1 200 Fine thing',
  'HTTP/1.1 200 ',
  'HTTP/1.1 200',
  'HTTP/1.0 200 OK',
  'HTTP/1.1 201 Created',
  'HTTP/1.1 204 No Content',
  'HTTP/1.1 404 Not Found',
  'HTTP/1.1 502 Bad Gateway',
  'HTTP/1.1 503 Service Unavailable',
  'http/1.1 200 OK',
  'HTTP/1.1 2000 OK',
];
const INTERIM = ['HTTP/1.1 100 Continue\r\n\r\n', 'HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\n'];
const EXTRA_HEADERS = [
  'date: Fri, 04 Dec 2026 22:00:00 GMT',
  'x-trace:abc',
  'X-Spaced:   padded value   ',
  'set-cookie: a=1',
  'set-cookie: b=2',
  'x-empty:',
  'x-tab:\tv',
  'bad header: x',
  'x-obs: a\r\n folded',
  'x-ctl: a\u0001b',
  'x-high: caf\u00e9',
];

function casing(r: Random, name: string): string {
  return r.pick([
    name,
    name.toUpperCase(),
    name.replace(/(^|-)([a-z])/g, (_m, a: string, b: string) => a + b.toUpperCase()),
  ]);
}

function chunked(r: Random, body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length;) {
    const size = Math.min(body.length - at, 1 + Math.floor(r.next() * 40));
    parts.push(Buffer.from(`${r.pick(['', '0'])}${size.toString(16)}${r.pick(['', ';ext=1'])}\r\n`, 'latin1'));
    parts.push(body.subarray(at, at + size), Buffer.from('\r\n'));
    at += size;
  }
  parts.push(Buffer.from(r.pick(['0\r\n\r\n', '0\r\nx-trailer: t\r\n\r\n'])));
  return Buffer.concat(parts);
}

/** Splits an answer into pieces, as a server's writes or the network may. */
function piecesOf(r: Random, bytes: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = r.next() < 0.5 ? bytes.length - at : 1 + Math.floor(r.next() * (bytes.length - at));
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

/** A plain JSON answer, the commonest: the leg sockets read it themselves. */
function plainScriptOf(r: Random): Script {
  const body = Buffer.from(r.pick(BODIES.slice(0, 4)), 'utf8');
  const lines = [
    r.pick(['HTTP/1.1 200 OK', 'HTTP/1.1 200 Fine thing', 'HTTP/1.1 200 ']),
    `${casing(r, 'content-type')}:${r.pick([' ', '', '  '])}${r.pick(CONTENT_TYPES.slice(0, 5))}`,
    `${casing(r, 'content-length')}: ${body.length}`,
  ];
  if (r.next() < 0.5) lines.push(`${casing(r, 'connection')}: ${r.pick(['keep-alive', 'close'])}`);
  if (r.next() < 0.5)
    lines.push(`${casing(r, 'keep-alive')}: ${r.pick(['timeout=5', 'timeout=1', 'timeout=2, max=9'])}`);
  if (r.next() < 0.5) lines.push(r.pick(EXTRA_HEADERS.slice(0, 7)));
  const bytes = Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), body]);
  const after = r.pick(['keep', 'keep', 'keep', 'end', 'reset'] as const);
  const cutAt = after !== 'keep' && r.next() < 0.3 ? Math.floor(r.next() * bytes.length) : undefined;
  return { pieces: piecesOf(r, cutAt === undefined ? bytes : bytes.subarray(0, cutAt)), after, cutAt };
}

function scriptOf(r: Random): Script {
  if (r.next() < 0.4) return plainScriptOf(r);
  const body = Buffer.from(r.pick(BODIES), 'utf8');
  const lines: string[] = [r.pick(STATUS_LINES)];
  const contentType = r.pick(CONTENT_TYPES);
  if (contentType !== undefined) lines.push(`${casing(r, 'content-type')}:${r.pick([' ', '', '  '])}${contentType}`);
  if (r.next() < 0.1) lines.push(`content-type: ${r.pick(CONTENT_TYPES) ?? 'text/html'}`);
  const framing = r.pick(['length', 'length', 'length', 'length', 'chunked', 'none', 'both']);
  let payload: Buffer = body;
  if (framing === 'chunked' || framing === 'both') {
    lines.push(`${casing(r, 'transfer-encoding')}: chunked`);
    payload = chunked(r, body);
  }
  if (framing === 'length' || framing === 'both') {
    const length = r.pick([String(body.length), String(body.length), ` ${body.length} `, `0${body.length}`, '-1', 'x']);
    lines.push(`${casing(r, 'content-length')}:${length}`);
    if (r.next() < 0.08) lines.push(`content-length: ${r.pick([body.length, body.length + 1])}`);
  }
  if (r.next() < 0.4)
    lines.push(`${casing(r, 'connection')}: ${r.pick(['keep-alive', 'close', 'Keep-Alive', 'upgrade', 'x'])}`);
  if (r.next() < 0.3)
    lines.push(
      `${casing(r, 'keep-alive')}: ${r.pick(['timeout=5', 'timeout=1', 'timeout=0', 'max=5', 'timeout=2, max=9'])}`,
    );
  if (r.next() < 0.05) lines.push('upgrade: h2c');
  for (let n = Math.floor(r.next() * 3); n > 0; n--) lines.push(r.pick(EXTRA_HEADERS));
  // shuffle the header lines (the status line stays first)
  for (let i = lines.length - 1; i > 1; i--) {
    const j = 1 + Math.floor(r.next() * i);
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  const eol = r.next() < 0.04 ? '\n' : '\r\n';
  let bytes = Buffer.concat([
    Buffer.from(r.next() < 0.1 ? r.pick(INTERIM) : '', 'latin1'),
    Buffer.from(lines.join(eol) + eol + eol, 'latin1'),
    payload,
  ]);
  if (r.next() < 0.05) bytes = Buffer.concat([bytes, Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n')]);
  const after = r.pick(['keep', 'keep', 'keep', 'keep', 'end', 'destroy', 'reset'] as const);
  const cutAt = after !== 'keep' && r.next() < 0.3 ? Math.floor(r.next() * bytes.length) : undefined;
  if (cutAt !== undefined) bytes = bytes.subarray(0, cutAt);
  // framing none (no length, no chunks) only ends with the connection: never leave such an answer hanging
  const ends = framing === 'none' && after === 'keep' ? 'end' : after;
  return { pieces: piecesOf(r, bytes), after: ends, cutAt };
}

/** A raw server: answers each request (once its body is in) with the current script, piece by piece. */
class ScriptedServer {
  script: Script | undefined;
  readonly received: string[] = [];
  connections = 0;
  private answering: Array<Promise<void>> = [];
  private readonly server = net.createServer((socket) => this.serve(socket));
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits until every answer begun is written out, its connection ended or reset as scripted. */
  async settled(): Promise<void> {
    while (this.answering.length > 0) await Promise.all(this.answering.splice(0));
  }

  private serve(socket: net.Socket): void {
    this.connections++;
    this.sockets.add(socket);
    const port = socket.remotePort!; // a closed socket no longer tells
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const text = buffered.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/content-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      this.received.push(text.slice(0, end + 4 + length).replace(/(Host: 127\.0\.0\.1:)\d+/, '$1<port>'));
      buffered = Buffer.alloc(0);
      this.answering.push(this.answer(socket, port, this.script!));
    });
  }

  private async answer(socket: net.Socket, port: number, script: Script): Promise<void> {
    for (const piece of script.pieces) {
      if (socket.destroyed) return;
      socket.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // an end or a reset sent before the client read the last piece could overtake it: either client would then
    // read something else than the script means
    if (script.after !== 'keep') await clientHasRead(socket, port);
    if (script.after === 'end') socket.end();
    else if (script.after === 'destroy') socket.destroy();
    else if (script.after === 'reset') socket.resetAndDestroy();
  }
}

/**
 * The client ends of the test's connections, by local port: node:http's agent and the leg sockets alike open
 * theirs with `Socket#connect`, which is watched here (the sockets are only read, never driven). The port is
 * noted once connected, as a closed socket no longer reports it.
 */
const clientSockets = new Map<number, net.Socket>();
const socketConnect = net.Socket.prototype.connect;
beforeAll(() => {
  jest.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    this.once('connect', () => clientSockets.set(this.localPort!, this));
    return (socketConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  });
});
afterAll(() => jest.restoreAllMocks());

/** Until the client's end (at `port`) of a server connection has read every byte written to it, or either end is closed. */
async function clientHasRead(server: net.Socket, port: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (server.destroyed) return;
    const client = clientSockets.get(port);
    if (client !== undefined && (client.destroyed || client.bytesRead >= server.bytesWritten)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`the client did not read the ${server.bytesWritten} bytes written to it within 5 s`);
}

/** What a caller can observe of one leg. */
async function observe(client: NodeHttpClient, url: URL): Promise<unknown> {
  const headers = {
    'mcp-method': 'tools/call',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  try {
    const answer = await client.post(url, headers, '{"jsonrpc":"2.0","id":1,"method":"tools/call"}', []);
    if (answer instanceof JsonText) return { json: answer.text };
    const body = await answer.text().catch((error: Error) => ({ bodyError: describe(error) }));
    return { status: answer.status, statusText: answer.statusText, headers: headerList(answer.headers), body };
  } catch (error) {
    return { error: describe(error as Error), kind: classifyLegFailure(error)?.kind };
  }
}

function headerList(headers: Headers): Array<[string, string]> {
  const list: Array<[string, string]> = [];
  headers.forEach((value, name) => list.push([name, value]));
  return list;
}

/** The error and its causes (node's own errors come from another realm than the test's: read by shape). */
function describe(error: Error): unknown {
  const chain: unknown[] = [];
  for (let e: unknown = error; typeof e === 'object' && e !== null && chain.length < 4;) {
    const { name, message, code, cause } = e as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
    chain.push({ name, message, code });
    e = cause;
  }
  return chain;
}

let server: ScriptedServer;
beforeAll(async () => {
  server = new ScriptedServer();
  await server.start();
});
afterAll(async () => {
  await server.close();
});

/** A plain JSON answer, sent after each scripted one on the same client: is the connection reused alike? */
const PLAIN: Script = {
  pieces: [Buffer.from('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}')],
  after: 'keep',
};

/** One scripted leg then a plain one, through a new client: what each gave, what the server read, connections opened. */
async function run(client: NodeHttpClient, script: Script) {
  const url = new URL(`http://127.0.0.1:${server.port}/mcp`);
  const opened = server.connections;
  server.script = script;
  const first = await observe(client, url);
  await server.settled();
  server.script = PLAIN;
  const next = await observe(client, url);
  await server.settled();
  return { first, next, sent: server.received.splice(0), connections: server.connections - opened };
}

it(`answers every leg as node:http's client does (seed ${SEED}; LEG_SOCKETS_FUZZ_SEED=${SEED} replays it)`, async () => {
  const r = random(SEED);
  let json = 0;
  for (let i = 0; i < CASES; i++) {
    const script = scriptOf(r);
    const expected = await run(nodeHttpClient(http, https), script);
    const actual = await run(nodeHttpClient(http, https, { net, stream }), script);
    if ((expected.first as { json?: unknown }).json !== undefined) json++;
    // An answer left to node:http's parser closes its connection (node's agent may keep it): the next leg may open
    // one more, never one less. An answer read here keeps or closes it exactly as node's agent does.
    const own = readAnswerHead(Buffer.concat(script.pieces), 4_000).kind === 'json';
    if (!own) expect(actual.connections).toBeGreaterThanOrEqual(expected.connections);
    const connections = own ? expected.connections : actual.connections;
    expect({ seed: SEED, case: i, script, ...actual }).toEqual({
      seed: SEED,
      case: i,
      script,
      ...expected,
      connections,
    });
  }
  // a good share of the legs were plain JSON answers, the leg sockets' own path
  expect(json).toBeGreaterThan(CASES / 5);
}, 120_000);
