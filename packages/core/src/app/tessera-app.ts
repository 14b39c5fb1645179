import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMcpHandler,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  originValidationResponse,
  requireBearerAuth,
  type McpHandlerRequestOptions,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport, type StdioServerHandle, type ServeStdioOptions } from '@modelcontextprotocol/server/stdio';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { checkRetryParams } from '../server/check-retry-params';
import { guardTransport } from '../server/guard-transport';
import { createSdkServer } from '../server/create-sdk-server';
import type { ServerRuntime } from '../server/server-runtime';
import type { HttpAuthOptions } from './http-auth-options';

export interface ListenOptions {
  port?: number;
  /** Defaults to 127.0.0.1: exposing a server beyond this machine is a deliberate choice. */
  host?: string;
  /** The endpoint path; default `/mcp`. */
  path?: string;
  /**
   * DNS rebinding protection: the hostnames accepted in `Host` and `Origin` (no ports; IPv6 in brackets).
   * Default on a loopback host: `localhost`, `127.0.0.1`, `[::1]`; on any other host: no check unless given.
   */
  allowedHosts?: string[];
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export interface HttpListener {
  url: URL;
  close(): Promise<void>;
}

/**
 * A compiled, ready-to-serve application. The same compiled tables serve every transport:
 * `fetch` (web-standard, also the in-memory face for tests), `listen` (Node HTTP), `serveStdio`.
 */
export class TesseraApp {
  private readonly handler: McpHttpHandler;
  private readonly authenticate?: (request: Request) => Promise<import('@modelcontextprotocol/server').AuthInfo | Response>;
  private readonly closers = new Set<() => Promise<void>>();

  constructor(readonly runtime: ServerRuntime, auth?: HttpAuthOptions) {
    this.handler = createMcpHandler(({ era }) => createSdkServer(runtime, era), {
      onerror: (error) => runtime.logger.debug('transport error', { error }),
    });
    if (auth) this.authenticate = requireBearerAuth(auth);
  }

  get name(): string {
    return this.runtime.info.name;
  }

  /** Serves one HTTP request (Streamable HTTP, both eras). With auth configured, verifies the bearer token first. */
  fetch = async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> => {
    let authInfo = options?.authInfo;
    if (this.authenticate) {
      const outcome = await this.authenticate(request);
      if (outcome instanceof Response) return outcome;
      authInfo = outcome;
    }
    // The SDK quietly reads a non-object inputResponses as "no answers"; refuse it here. The body is read
    // and parsed once, here, and handed on as `parsedBody` (the SDK's escape hatch for a body already
    // parsed), so the SDK neither clones nor reads it again: cloning and reading it twice cost more than
    // the whole Tessera pipeline (apps/benchmarks). A body the SDK answers itself (over its size limit,
    // empty, not JSON) goes on unparsed, with the same text, so the SDK's own answers are unchanged.
    if (request.method === 'POST' && options?.parsedBody === undefined) {
      if (Number(request.headers.get('content-length')) > DEFAULT_MAX_REQUEST_BODY_SIZE) return this.handler.fetch(request, { ...options, authInfo });
      const text = await request.text();
      let body: unknown;
      try {
        body = text.length === 0 || Buffer.byteLength(text) > DEFAULT_MAX_REQUEST_BODY_SIZE ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (body === undefined) return this.handler.fetch(new Request(request, { body: text }), { ...options, authInfo });
      const refusal = checkRetryParams(body);
      if (refusal) return Response.json(refusal, { status: 400 });
      return this.handler.fetch(request, { ...options, authInfo, parsedBody: body });
    }
    return this.handler.fetch(request, { ...options, authInfo });
  };

  /** Listens on Node HTTP (127.0.0.1 by default; port 0 picks a free port). */
  async listen(options: ListenOptions = {}): Promise<HttpListener> {
    const path = options.path ?? '/mcp';
    const host = options.host ?? '127.0.0.1';
    const allowedHosts = options.allowedHosts ?? (LOOPBACK_HOSTS.has(host) ? localhostAllowedHostnames() : undefined);
    // A page on another site that rebinds its name to 127.0.0.1 sends its own Host/Origin: refuse those.
    const guarded = allowedHosts
      ? async (request: Request, opts?: McpHandlerRequestOptions) =>
          hostHeaderValidationResponse(request, allowedHosts) ?? originValidationResponse(request, allowedHosts) ?? this.fetch(request, opts)
      : this.fetch;
    const node = toNodeHandler({ fetch: guarded });
    const server: HttpServer = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== path) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the MCP endpoint is ${path}`);
        return;
      }
      node(req, res).catch((error) => {
        this.runtime.logger.error('http handler failed', { error });
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const close = () =>
      new Promise<void>((resolve) => {
        this.closers.delete(close);
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
    this.closers.add(close);
    return { url: new URL(`http://${urlHost}:${address.port}${path}`), close };
  }

  /** Serves this process's stdin/stdout (or a given transport); the era follows the client's opening. */
  serveStdio(options: ServeStdioOptions = {}): StdioServerHandle {
    const handle = serveStdio(({ era }) => createSdkServer(this.runtime, era), {
      onerror: (error) => this.runtime.logger.debug('stdio transport error', { error }),
      ...options,
      transport: guardTransport(options.transport ?? new StdioServerTransport()),
    });
    const close = async () => {
      this.closers.delete(close);
      await handle.close();
    };
    this.closers.add(close);
    return { close };
  }

  async close(): Promise<void> {
    await Promise.all([...this.closers].map((c) => c()));
    await this.handler.close();
    await this.runtime.root.dispose();
  }
}
