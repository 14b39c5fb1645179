import {
  createMcpHandler,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  requireBearerAuth,
  type AuthInfo,
  type McpHandlerRequestOptions,
  type McpHttpHandler,
  type Server,
} from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport, type ServeStdioOptions, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import type { Logger } from '../logging/logger';
import { checkRetryParams } from '../server/check-retry-params';
import { guardTransport } from '../server/guard-transport';
import type { HttpAuthOptions } from './http-auth-options';
import { listenNodeHttp } from './listen-node-http';
import type { HttpListener, ListenOptions } from './listen-options';

/** Builds the SDK server for one serving unit (an HTTP request, or a stdio connection) of the given era. */
export type SdkServerFactory = (era: 'modern' | 'legacy') => Server;

/**
 * The three faces every Tessera server has, over one per-request SDK server factory: `fetch`
 * (web-standard; also the in-memory face for tests), `listen` (Node HTTP) and `serveStdio`.
 * Bearer auth and the refusal of malformed retry params happen here, before the SDK.
 */
export class McpEndpoint {
  private readonly handler: McpHttpHandler;
  private readonly authenticate?: (request: Request) => Promise<AuthInfo | Response>;
  private readonly closers = new Set<() => Promise<void>>();

  constructor(
    private readonly factory: SdkServerFactory,
    private readonly endpointLogger: Logger,
    auth?: HttpAuthOptions,
  ) {
    this.handler = createMcpHandler(({ era }) => factory(era), { onerror: (error) => endpointLogger.debug('transport error', { error }) });
    if (auth) this.authenticate = requireBearerAuth(auth);
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
    // and parsed once, here, and handed on as `parsedBody`, so the SDK does not clone and read it again
    // (that cost more than the whole Tessera pipeline: apps/benchmarks). A body the SDK answers itself
    // (over its size limit, empty, not JSON) goes on unparsed, with the same text.
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

  /** Listens on Node HTTP (127.0.0.1 by default; port 0 picks a free port), with DNS rebinding protection on loopback. */
  async listen(options: ListenOptions = {}): Promise<HttpListener> {
    const listener = await listenNodeHttp(this.fetch, options, this.endpointLogger);
    return this.track(listener.close, (close) => ({ url: listener.url, close }));
  }

  /** Serves this process's stdin/stdout (or a given transport); the era follows the client's opening. */
  serveStdio(options: ServeStdioOptions = {}): StdioServerHandle {
    const handle = serveStdio(({ era }) => this.factory(era), {
      onerror: (error) => this.endpointLogger.debug('stdio transport error', { error }),
      ...options,
      transport: guardTransport(options.transport ?? new StdioServerTransport()),
    });
    return this.track(() => handle.close(), (close) => ({ close }));
  }

  /** Stops every listener and stdio connection this endpoint opened. */
  async close(): Promise<void> {
    await Promise.all([...this.closers].map((c) => c()));
    await this.handler.close();
  }

  private track<T>(stop: () => Promise<void>, expose: (close: () => Promise<void>) => T): T {
    const close = async () => {
      this.closers.delete(close);
      await stop();
    };
    this.closers.add(close);
    return expose(close);
  }
}
