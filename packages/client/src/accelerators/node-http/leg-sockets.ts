import type * as NodeHttp from 'node:http';
import type { NetConnectOpts, Socket } from 'node:net';
import {
  abortablePending,
  decodeJson,
  JsonText,
  notWritten,
  readAnswer,
  type PendingAnswer,
  type StopSignal,
} from './node-http-answer';
import { readAnswerHead, type AnswerHead } from './plain-json-head';
import { replayedSocket, type StreamModule } from './replayed-socket';

/** What the leg sockets use of `node:net` and `node:stream` (looked up at run time, see default-http-fetch.ts). */
export interface SocketModules {
  net: { connect(options: NetConnectOpts): Socket };
  stream: StreamModule;
}

/** What is used of `node:http` here: its client, for the answers left to its parser. */
export interface HttpRequestModule {
  request: (url: URL, options: NodeHttp.RequestOptions) => NodeHttp.ClientRequest;
}

/**
 * How long an idle kept-alive connection is kept before the server's `Keep-Alive` hint is read: the leg sockets'
 * own limit and the node:http agent's `timeout` (node-http-fetch.ts), so both senders drop a connection alike.
 */
export const IDLE_MS = 4_000;
/** As node's agent: TCP keep-alive probes after a second, at most 256 idle connections per origin. */
const KEEP_ALIVE_PROBE_MS = 1_000;
const MAX_IDLE = 256;

/** Request headers that shape the exchange itself: a leg carrying one of them is left to `node:http`. */
const FRAMING = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-connection',
]);

/**
 * A leg's POST over plain HTTP/1.1 on kept-alive sockets of their own, without `node:http`'s request, agent,
 * parser and answer objects, which cost a flow client more than anything else it does. The request goes out
 * byte for byte as `node:http` writes it (the leg's headers in order, `content-length`, `Host`, `Connection:
 * keep-alive`); an answer is completed here only when it is a plain JSON `200` with a `Content-Length`
 * (plain-json-head.ts), and any other answer, as soon as its head shows it, is handed with its bytes and the
 * rest of the connection to `node:http`'s own parser and answer handling (replayed-socket.ts,
 * node-http-answer.ts), which read it as they did before. Connections are reused as node's agent reuses
 * them (last in first out, dropped when the server closes one or when idle past 4 s or its `Keep-Alive`
 * hint less a second), and failures are reported as the node:http fetch reports them.
 */
export class LegSockets {
  private readonly idle = new Map<string, Socket[]>();
  private readonly parked = new Map<Socket, () => void>();

  constructor(
    private readonly modules: SocketModules,
    private readonly http: HttpRequestModule,
  ) {}

  /** Whether a leg with these headers is sent here (none of them frames the exchange itself). */
  static carries(headers: Record<string, string>): boolean {
    for (const name in headers) if (FRAMING.has(name)) return false;
    return true;
  }

  post(
    url: URL,
    headers: Record<string, string>,
    body: string,
    signals: readonly StopSignal[],
  ): Promise<Response | JsonText> {
    const stopped = signals.find((signal) => signal.aborted);
    if (stopped !== undefined) return Promise.reject(stopped.reason);
    return new Promise<Response | JsonText>((resolve, reject) => {
      let stop: (() => void) | undefined;
      const pending = abortablePending(signals, resolve, reject, () => stop?.());
      const attempt = () => {
        if (signals.some((signal) => signal.aborted)) return; // aborted while waiting for its turn: already rejected
        stop = this.exchange(url, headers, body, pending, (next) => (stop = next));
      };
      // As the node:http fetch: let the event loop poll once first, so a close the server already sent on an
      // idle connection has been read and that connection dropped instead of written to.
      setImmediate(() => setImmediate(attempt));
    });
  }

  /** Sends the leg on a connection and reads its answer; returns what stops it (an abort). */
  private exchange(
    url: URL,
    headers: Record<string, string>,
    body: string,
    pending: PendingAnswer,
    stopWith: (stop: () => void) => void,
  ): () => void {
    const key = originOf(url);
    const socket = this.take(key, url);
    let written = false;
    let received: Buffer | undefined;
    let head: Extract<AnswerHead, { kind: 'json' }> | undefined;
    const detach = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
    };
    // Whatever this is not sure of goes to node:http's parser with the bytes so far (and the end or error seen).
    const handOver = (failure?: Error | 'ended') => {
      detach();
      const replay = replayedSocket(this.modules.stream, socket, received!, failure);
      const request = this.http.request(url, {
        method: 'POST',
        headers,
        // no agent: the request is made on this connection alone
        createConnection: (() => replay) as unknown as NodeHttp.RequestOptions['createConnection'],
      });
      stopWith(() => request.destroy());
      // whether the leg reached the server is the socket's to say: node:http only writes into the replay
      readAnswer(request, true, pending, () => written);
      request.end(body);
    };
    const onData = (chunk: Buffer) => {
      received = received === undefined ? chunk : Buffer.concat([received, chunk]);
      if (head === undefined) {
        const read = readAnswerHead(received, IDLE_MS);
        if (read.kind === 'incomplete') return;
        if (read.kind === 'other') return handOver();
        head = read;
      }
      const end = head.bodyStart + head.length;
      if (received.length < end) return;
      detach();
      pending.done();
      const text = decodeJson(received.subarray(head.bodyStart, end));
      // Bytes past the answer are no answer to anything: that connection is not used again.
      if (received.length === end && head.idleMs !== undefined) this.park(key, socket, head.idleMs);
      else socket.destroy();
      pending.resolve(new JsonText(text));
    };
    const fail = (error: Error) => {
      detach();
      socket.destroy();
      pending.done();
      pending.fail(error);
    };
    // As node:http reports a socket's error: `fetch failed`, marked when the request was not written yet.
    const onError = (error: Error) => {
      if (received !== undefined && head === undefined) return handOver(error);
      fail(new TypeError('fetch failed', { cause: written ? error : notWritten(error) }));
    };
    // And its end: before an answer a hang-up, in the middle of a JSON answer's body `terminated`.
    const onEnd = () => {
      if (received !== undefined && head === undefined) return handOver('ended');
      if (head !== undefined) return fail(new TypeError('terminated', { cause: connectionReset('aborted') }));
      const error = connectionReset('socket hang up');
      fail(new TypeError('fetch failed', { cause: written ? error : notWritten(error) }));
    };
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('end', onEnd);
    socket.on('close', onEnd);
    socket.write(requestHead(url, headers, Buffer.byteLength(body)) + body, (error) => {
      if (error == null) written = true;
    });
    return () => {
      detach();
      socket.destroy();
    };
  }

  /** The last connection parked for the origin that is still open (as node's agent, last in first out), or a new one. */
  private take(key: string, url: URL): Socket {
    const list = this.idle.get(key);
    while (list !== undefined && list.length > 0) {
      const socket = list.pop()!;
      this.parked.get(socket)!();
      this.parked.delete(socket);
      socket.setTimeout(0);
      socket.ref();
      if (!socket.destroyed && !socket.readableEnded && socket.writable) return socket;
      socket.destroy();
    }
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    return this.modules.net.connect({
      host: hostname,
      port: url.port === '' ? 80 : Number(url.port),
      noDelay: true,
      keepAlive: true,
      keepAliveInitialDelay: KEEP_ALIVE_PROBE_MS,
    });
  }

  /** Keeps a connection for the origin's next leg, until it closes, fails, says anything or stays idle too long. */
  private park(key: string, socket: Socket, idleMs: number): void {
    const list = this.idle.get(key) ?? [];
    if (list.length >= MAX_IDLE) return void socket.destroy();
    this.idle.set(key, list);
    const drop = () => {
      unpark();
      this.parked.delete(socket);
      const at = list.indexOf(socket);
      if (at !== -1) list.splice(at, 1);
      socket.destroy();
    };
    const unpark = () => {
      socket.off('timeout', drop);
      socket.off('data', drop);
      socket.off('end', drop);
      socket.off('error', drop);
      socket.off('close', drop);
    };
    socket.on('timeout', drop);
    socket.on('data', drop);
    socket.on('end', drop);
    socket.on('error', drop);
    socket.on('close', drop);
    socket.setTimeout(idleMs);
    socket.unref();
    this.parked.set(socket, unpark);
    list.push(socket);
  }
}

function originOf(url: URL): string {
  return url.host;
}

/** The request's head as node:http writes it for these headers (checked plain by leg-headers.ts). */
function requestHead(url: URL, headers: Record<string, string>, length: number): string {
  let head = `POST ${url.pathname}${url.search} HTTP/1.1\r\n`;
  for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
  return `${head}content-length: ${length}\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`;
}

/** node:http's error for a connection that ended under a request (its `ConnResetException`). */
function connectionReset(message: string): Error {
  return Object.assign(new Error(message), { code: 'ECONNRESET' });
}
