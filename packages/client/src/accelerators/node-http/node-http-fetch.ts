import type { FetchLike } from '@modelcontextprotocol/client';
import type * as NodeHttp from 'node:http';
import { IDLE_MS, LegSockets, type SocketModules } from './leg-sockets';
import { abortablePending, JsonText, readAnswer, type StopSignal } from './node-http-answer';

export { JsonText, type StopSignal } from './node-http-answer';

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
export function nodeModulesFetch(http: HttpModule, https: HttpModule): FetchLike {
  return nodeHttpClient(http, https).fetch;
}

/** The exchange under the node:http fetch, also used directly by the leg transport (node-http-transport.ts). */
export interface NodeHttpClient {
  fetch: FetchLike;
  /**
   * One POST of a string body over kept-alive connections (plain HTTP on the leg sockets when `node:net` and
   * `node:stream` were given, see leg-sockets.ts; otherwise the agents). A `200` answer of plain `application/json` comes back
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

export function nodeHttpClient(http: HttpModule, https: HttpModule, sockets?: SocketModules): NodeHttpClient {
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
  const legSockets = sockets === undefined ? undefined : new LegSockets(sockets, http);
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
      if (legSockets !== undefined && url.protocol === 'http:' && LegSockets.carries(headers))
        return legSockets.post(url, headers, body, signals);
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
const KEEP_ALIVE: NodeHttp.AgentOptions = { keepAlive: true, timeout: IDLE_MS };

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
    const pending = abortablePending(signals, resolve, reject, () => req?.destroy());
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
      readAnswer(current, jsonAsText, pending, () => current.writableFinished);
      current.end(body);
    };
    // Let the event loop poll once first (two check phases bracket a poll phase), so a close the server
    // already sent on an idle kept-alive connection has been read and that connection is known dead
    // (checked above) instead of written to: a server that stopped is then refused, as with undici.
    setImmediate(() => setImmediate(attempt));
  });
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
