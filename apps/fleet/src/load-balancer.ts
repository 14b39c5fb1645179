import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin HTTP reverse proxy (node:http only), the kind of load balancer a fleet sits behind.
 * Every request independently goes to the next backend: no sticky sessions, no affinity of any kind, so the
 * legs of one multi-round flow spread over the instances.
 *
 * - forwards the method, the path and query, the headers (minus hop-by-hop ones, plus `x-forwarded-*`) and the
 *   body; the request body is buffered (MCP requests are small JSON documents, capped by `maxBodyBytes`) so that a
 *   backend that refuses the TCP connection can be skipped without losing the request;
 * - streams the response back as it arrives (JSON or SSE), adding `x-fleet-instance: <backend id>`;
 * - only a refused connection moves a request to the next backend; once a backend has the request, its answer
 *   (or its failure, as 502) is final: a tool call is not idempotent.
 */

export interface Backend {
  /** Reported in the `x-fleet-instance` response header. */
  id: string;
  /** Where the backend listens; the request's own path and query are kept (`http://127.0.0.1:4001`). */
  url: string;
}

export interface PickContext {
  /** 0 for the first request the balancer received, then 1, 2, ... */
  seq: number;
  backends: readonly Backend[];
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The buffered request body. */
  body: Buffer;
}

/** Chooses the backend (an index into `backends`, taken modulo its length) for one request. */
export type PickBackend = (ctx: PickContext) => number;

/** Plain round robin: request `seq` goes to backend `seq mod n`. */
export const roundRobin: PickBackend = ({ seq, backends }) => seq % backends.length;

export interface ForwardEvent {
  seq: number;
  backend: string;
  method: string;
  url: string;
  /** The JSON-RPC method of the body, when it is one. */
  rpc?: string;
  status: number;
  /** Backends that refused the connection before this one answered. */
  skipped: string[];
}

export interface LoadBalancerOptions {
  backends: readonly Backend[];
  /** Default 0: a free port. */
  port?: number;
  /** Default and recommended: 127.0.0.1. */
  host?: string;
  /** Default: round robin. Tests inject a fixed routing pattern here. */
  pick?: PickBackend;
  /** Default 4 MiB; larger bodies get 413. */
  maxBodyBytes?: number;
  /** Called once per request when its response headers go out (or when it fails with 502/503). */
  onForward?: (event: ForwardEvent) => void;
}

export interface LoadBalancer {
  /** The balancer's origin, e.g. `http://127.0.0.1:8080/`; the MCP endpoint is `new URL('/mcp', url)`. */
  readonly url: URL;
  backends(): readonly Backend[];
  /** Replaces the whole backend list; requests already forwarded finish where they are. */
  setBackends(backends: readonly Backend[]): void;
  /** Swaps the backend with this id for another (a restarted instance); returns the one taken out. */
  replaceBackend(id: string, next: Backend): Backend;
  /**
   * Resolves `true` once no forwarded request is in flight to this backend (after it was taken out: drained),
   * or `false` if some still are after `timeoutMs` (default 5 s; a long-lived SSE stream, say).
   */
  whenIdle(backend: Backend, timeoutMs?: number): Promise<boolean>;
  /** Responses forwarded per backend id since start. */
  served(): Record<string, number>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    out[name] = value;
  }
  return out;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function rpcMethodOf(body: Buffer): string | undefined {
  if (body.length === 0 || body.length > 65536) return undefined;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { method?: unknown };
    return typeof parsed?.method === 'string' ? parsed.method : undefined;
  } catch {
    return undefined;
  }
}

const CONNECT_REFUSED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

export async function startLoadBalancer(options: LoadBalancerOptions): Promise<LoadBalancer> {
  let backends: readonly Backend[] = [...options.backends];
  const pick = options.pick ?? roundRobin;
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const agent = new Agent({ keepAlive: true });
  const inFlight = new Map<Backend, number>();
  const served: Record<string, number> = {};
  let seq = 0;

  const track = (b: Backend, delta: number) => {
    const n = (inFlight.get(b) ?? 0) + delta;
    if (n === 0) inFlight.delete(b);
    else inFlight.set(b, n);
  };

  /** Sends the request to one backend. Resolves `false` if the backend refused the connection (nothing sent). */
  function forward(backend: Backend, req: IncomingMessage, res: ServerResponse, body: Buffer, done: (status: number) => void): Promise<boolean> {
    return new Promise((resolve) => {
      const headers = endToEndHeaders(req.headers);
      headers['content-length'] = String(body.length);
      const from = req.socket.remoteAddress ?? '';
      headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${String(req.headers['x-forwarded-for'])}, ${from}` : from;
      headers['x-forwarded-proto'] = 'http';
      if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
      track(backend, +1);
      let settled = false;
      const settle = (delivered: boolean) => {
        if (settled) return;
        settled = true;
        track(backend, -1);
        resolve(delivered);
      };
      const upstream = httpRequest(new URL(req.url ?? '/', backend.url), { method: req.method, headers, agent }, (answer) => {
        const out = endToEndHeaders(answer.headers);
        out['x-fleet-instance'] = backend.id;
        res.writeHead(answer.statusCode ?? 502, out);
        res.flushHeaders(); // SSE: the client sees the stream open at once
        served[backend.id] = (served[backend.id] ?? 0) + 1;
        done(answer.statusCode ?? 502);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        answer.on('end', () => settle(true));
        answer.on('close', () => {
          if (!answer.complete) res.destroy(); // the backend died mid-response: do not leave the client waiting
          settle(true);
        });
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!res.headersSent && CONNECT_REFUSED.has(error.code ?? '') && !upstream.reusedSocket) {
          settle(false);
          return;
        }
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json', 'x-fleet-instance': backend.id }).end(JSON.stringify({ error: 'bad gateway', backend: backend.id }));
          done(502);
        } else res.destroy();
        settle(true);
      });
      // The client went away: stop the upstream exchange too.
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
        settle(true);
      });
      upstream.end(body);
    });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const mySeq = seq++;
      let body: Buffer;
      try {
        body = await readBody(req, maxBody);
      } catch (error) {
        if (!res.headersSent) res.writeHead(error instanceof BodyTooLarge ? 413 : 400).end();
        return;
      }
      const rpc = rpcMethodOf(body);
      const snapshot = backends;
      const event = (backend: string, status: number, skipped: string[]) =>
        options.onForward?.({ seq: mySeq, backend, method: req.method ?? 'GET', url: req.url ?? '/', rpc, status, skipped });
      if (snapshot.length === 0) {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'no backends' }));
        event('-', 503, []);
        return;
      }
      const first = pick({ seq: mySeq, backends: snapshot, method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
      const skipped: string[] = [];
      for (let attempt = 0; attempt < snapshot.length; attempt++) {
        const backend = snapshot[(((first + attempt) % snapshot.length) + snapshot.length) % snapshot.length];
        const delivered = await forward(backend, req, res, body, (status) => event(backend.id, status, skipped));
        if (delivered) return;
        skipped.push(backend.id);
      }
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'every backend refused the connection', skipped }));
      event('-', 502, skipped);
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = new URL(`http://${host}:${address.port}/`);

  return {
    url,
    backends: () => backends,
    setBackends(next) {
      backends = [...next];
    },
    replaceBackend(id, next) {
      const index = backends.findIndex((b) => b.id === id);
      if (index < 0) throw new Error(`no backend ${id}`);
      const old = backends[index];
      backends = backends.map((b, i) => (i === index ? next : b));
      return old;
    },
    async whenIdle(backend, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while ((inFlight.get(backend) ?? 0) > 0) {
        if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 10));
      }
      return true;
    },
    served: () => ({ ...served }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}

/** `node dist/load-balancer.js [--port N] [id=]http://127.0.0.1:4001 [id=]http://127.0.0.1:4002 ...` */
async function main(argv: string[]): Promise<void> {
  let port = 0;
  const backends: Backend[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') port = Number(argv[++i]);
    else {
      const [id, url] = argv[i].includes('=') ? (argv[i].split(/=(.*)/s) as [string, string]) : [`b${backends.length + 1}`, argv[i]];
      backends.push({ id, url });
    }
  }
  if (backends.length === 0) {
    process.stderr.write('usage: node dist/load-balancer.js [--port N] [id=]http://127.0.0.1:PORT ...\n');
    process.exit(2);
  }
  const lb = await startLoadBalancer({
    backends,
    port,
    onForward: (e) => process.stderr.write(`balancer #${e.seq} ${e.method} ${e.url}${e.rpc ? ` ${e.rpc}` : ''} -> ${e.backend} (${e.status})\n`),
  });
  process.stdout.write(`load balancer on ${new URL('/mcp', lb.url).href} -> ${backends.map((b) => `${b.id}=${b.url}`).join(' ')}\n`);
  const stop = () => void lb.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`load balancer: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
