import type { FetchLike } from '@modelcontextprotocol/client';
import type * as NodeHttp from 'node:http';
import { REQUEST_NOT_WRITTEN } from '../rounds/leg-failure';

/** What is used of `node:http` and `node:https` (their `request` and `Agent` have the same shape here). */
export interface HttpModule {
  Agent: new (options: NodeHttp.AgentOptions) => NodeHttp.Agent;
  request: (url: URL, options: NodeHttp.RequestOptions) => NodeHttp.ClientRequest;
}

/**
 * A `fetch` for the SDK's Streamable HTTP transport on Node, over `node:http`/`node:https` with one
 * keep-alive agent per scheme. undici's `fetch` spends more of a flow client's CPU than anything else
 * (web `Request`, header lists, body streams in both directions); this sends the SDK's string body in one
 * write and reads a JSON answer whole before it builds the `Response` from bytes. Only a
 * `text/event-stream` answer is handed over as a stream, so progress notifications still arrive as they come.
 *
 * It keeps what the rest of the client reads from `fetch`: a socket failure rejects with
 * `TypeError('fetch failed', { cause })` carrying node's error (`ECONNREFUSED`, `ECONNRESET`, ...), a stream
 * cut short errors with `TypeError('terminated', { cause })`, an abort rejects with the signal's reason.
 * Anything it was not built for (another scheme, a non-string body, redirects to follow) goes to the
 * global `fetch` unchanged.
 */
export function nodeHttpFetch(http: HttpModule, https: HttpModule): FetchLike {
  return nodeHttpClient(http, https).fetch;
}

/** The exchange under the node:http fetch, also used directly by the leg transport (node-http-transport.ts). */
export interface NodeHttpClient {
  fetch: FetchLike;
  /**
   * One POST of a string body over the keep-alive agents. A `200` answer of plain `application/json` comes back
   * as its decoded text (a `JsonText`, no `Response` built); any other answer as the `Response` `fetch` gives.
   * Failures and aborts (of any of `signals`, with its reason) reject as `fetch` does.
   */
  post(
    url: URL,
    headers: Record<string, string>,
    body: string,
    signals: readonly StopSignal[],
  ): Promise<Response | JsonText>;
}

/** What is read of an `AbortSignal` (a transport's own close signal need not be one, see closing-signal.ts). */
export interface StopSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options: { once: true }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A JSON answer read whole: the body's text, decoded as `Response.json()` decodes it (UTF-8, BOM dropped). */
export class JsonText {
  constructor(readonly text: string) {}
}

export function nodeHttpClient(http: HttpModule, https: HttpModule): NodeHttpClient {
  // keepAlive: a flow is two POSTs, and a new connection per leg costs more than the request itself.
  const agents: Record<string, NodeHttp.Agent> = {
    'http:': new http.Agent(KEEP_ALIVE),
    'https:': new https.Agent(KEEP_ALIVE),
  };
  const senders: Record<string, RequestFn> = {
    'http:': (target, options) => http.request(target, { ...options, agent: agents['http:'] }),
    'https:': (target, options) => https.request(target, { ...options, agent: agents['https:'] }),
  };
  const requestFor = (url: URL): RequestFn | undefined => senders[url.protocol];
  return {
    fetch: (input, init) => {
      const url = typeof input === 'string' ? new URL(input) : input;
      const request = requestFor(url);
      const body = init?.body;
      // The SDK asks for 'manual' (it follows redirects itself, within the origin); only that is served here.
      if (request === undefined || init?.redirect !== 'manual' || (body != null && typeof body !== 'string')) {
        return fetch(input, init);
      }
      const signals = init.signal ? [init.signal] : [];
      const exchange = { method: init.method ?? 'GET', headers: plainHeaders(init.headers), body: body ?? undefined };
      return send(request, url, exchange, signals, false) as Promise<Response>;
    },
    post: (url, headers, body, signals) => {
      const request = requestFor(url);
      if (request === undefined) return Promise.reject(new TypeError(`node:http cannot send to ${url.protocol}`));
      return send(request, url, { method: 'POST', headers, body }, signals, true);
    },
  };
}

/**
 * How long an idle kept-alive connection is kept: 4 s, or a second less than the server's `Keep-Alive:
 * timeout=N` hint when that is shorter (and not at all under a 1 s hint), as undici does. Node's agent reads
 * the hint only when it has a timeout of its own; without one it kept every connection until the server
 * closed it, and a request sent on one the server was closing at that moment was written and then reset: a
 * leg that may have run, which the client may not send again. The timeout only ends idle connections: a
 * quiet request in flight (a long SSE answer) is left alone.
 */
const KEEP_ALIVE: NodeHttp.AgentOptions = { keepAlive: true, timeout: 4_000 };

type RequestFn = (url: URL, options: NodeHttp.RequestOptions) => NodeHttp.ClientRequest;

interface Exchange {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function send(
  request: RequestFn,
  url: URL,
  exchange: Exchange,
  signals: readonly StopSignal[],
  jsonAsText: boolean,
): Promise<Response | JsonText> {
  const stopped = signals.find((signal) => signal.aborted);
  if (stopped !== undefined) return Promise.reject(stopped.reason);
  const { method, headers, body } = exchange;
  return new Promise<Response | JsonText>((resolve, reject) => {
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    let req: NodeHttp.ClientRequest | undefined;
    // Until the answer is handed over, a failure rejects the fetch; after, it errors the SSE stream.
    let fail = (error: unknown) => reject(error);
    const onAbort = signals.map((signal) => () => {
      fail(signal.reason);
      req?.destroy();
    });
    const done = () => signals.forEach((signal, i) => signal.removeEventListener('abort', onAbort[i]!));
    signals.forEach((signal, i) => signal.addEventListener('abort', onAbort[i]!, { once: true }));
    const attempt = () => {
      if (signals.some((signal) => signal.aborted)) return; // aborted while waiting for its turn: already rejected
      const current = request(url, { method, headers });
      req = current;
      current.on('socket', (socket) => {
        // A kept-alive connection the server already closed (restart, idle timeout) would fail this request
        // with a reset although it never reached the server; undici opens a new connection then, so do we.
        // Nothing was written to it yet, so sending again cannot run anything twice.
        if (current.reusedSocket && (socket.readableEnded || socket.destroyed || !socket.writable)) {
          current.removeAllListeners('error').on('error', () => undefined);
          current.destroy();
          attempt();
        }
      });
      current.on('error', (error) => {
        done();
        // Failed before the whole request was handed to the socket: no server can have read it, let alone run it.
        const cause = current.writableFinished ? error : notWritten(error);
        fail(new TypeError('fetch failed', { cause }));
      });
      current.on('response', (res) => {
        const status = res.statusCode ?? 0;
        // The answer's Headers list is built only for a Response: a leg's JSON answer needs none.
        const init = () => ({ status, statusText: res.statusMessage ?? '', headers: responseHeaders(res.rawHeaders) });
        const contentType = res.headers['content-type'];
        if (isEventStream(contentType)) {
          const stream = streamOf(res, done);
          fail = stream.fail;
          resolve(new Response(stream.body, init()));
          return;
        }
        const whole = jsonAsText && status === 200 && isPlainJson(contentType);
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          done();
          if (whole) resolve(new JsonText(UTF8.decode(Buffer.concat(chunks))));
          else resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), init()));
        });
        // undici's fetch has resolved by now and its body read fails with 'terminated': the same error here.
        res.on('error', (error) => {
          done();
          fail(new TypeError('terminated', { cause: error }));
        });
      });
      current.end(body);
    };
    // Let the event loop poll once first (two check phases bracket a poll phase), so a close the server
    // already sent on an idle kept-alive connection has been read and that connection is known dead
    // (checked above) instead of written to: a server that stopped is then refused, as with undici.
    setImmediate(() => setImmediate(attempt));
  });
}

// As Response.json() decodes: UTF-8, a leading BOM dropped, bad sequences replaced.
const UTF8 = new TextDecoder();

/**
 * Only the plainest JSON content types are read whole here; anything else (parameters, odd spellings) is left to
 * the SDK's own media-type parse, through a `Response`.
 */
function isPlainJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.toLowerCase();
  return type === 'application/json' || type === 'application/json; charset=utf-8';
}

/** Marks a socket failure that came before the request was written (`classifyLegFailure` reads the code). */
function notWritten(error: Error): Error {
  return Object.assign(new Error(`request not written: ${error.message}`, { cause: error }), {
    code: REQUEST_NOT_WRITTEN,
  });
}

// Statuses whose Response must have no body (the Response constructor throws otherwise).
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** An SSE answer as a web stream, read as node delivers it; cancelling it closes the answer. */
function streamOf(
  res: NodeHttp.IncomingMessage,
  done: () => void,
): { body: ReadableStream<Uint8Array>; fail: (error: unknown) => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let settled = false;
  const fail = (error: unknown) => {
    if (settled) return;
    settled = true;
    done();
    controller.error(error);
    res.destroy();
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      res.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        // Backpressure: stop reading the socket until the reader catches up.
        if ((controller.desiredSize ?? 1) <= 0) res.pause();
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        done();
        controller.close();
      });
      res.on('error', (error) => fail(new TypeError('terminated', { cause: error })));
    },
    pull() {
      res.resume();
    },
    cancel() {
      settled = true;
      done();
      res.destroy();
    },
  });
  return { body, fail };
}

function isEventStream(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.split(';', 1)[0]!.trim().toLowerCase() === 'text/event-stream';
}

/** The request's headers as node wants them; the SDK passes a `Headers`, a user's `requestInit` may pass a record or pairs. */
function plainHeaders(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === undefined) return out;
  // Repeated names combine as a Headers list would.
  const add = (value: string, name: string) => {
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  };
  if (headers instanceof Headers) headers.forEach(add);
  else if (Array.isArray(headers)) for (const [name, value] of headers) add(value!, name!);
  else for (const name of Object.keys(headers)) add(headers[name]!, name);
  return out;
}

/** node's raw name/value list, so repeated headers (Set-Cookie, WWW-Authenticate) arrive as fetch gives them. */
function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}
