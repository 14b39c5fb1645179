import { createMcpHandler, requireBearerAuth, type AuthInfo, type McpHandlerRequestOptions, type McpHttpHandler } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport, type ServeStdioOptions, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import type { HttpAuthOptions } from '../app/http-auth-options';
import { listenNodeHttp } from '../app/listen-node-http';
import type { HttpListener, ListenOptions } from '../app/tessera-app';
import { guardTransport } from '../server/guard-transport';
import { refuseMalformedRetry } from '../server/refuse-malformed-retry';
import { createLowLevelSdkServer, type LowLevelRuntime } from './create-low-level-sdk-server';

/** A ready-to-serve low-level server, with the same three faces as `TesseraApp`: `fetch`, `listen`, `serveStdio`. */
export class LowLevelServer {
  private readonly handler: McpHttpHandler;
  private readonly authenticate?: (request: Request) => Promise<AuthInfo | Response>;
  private readonly closers = new Set<() => Promise<void>>();

  constructor(private readonly runtime: LowLevelRuntime, auth?: HttpAuthOptions) {
    this.handler = createMcpHandler(({ era }) => createLowLevelSdkServer(runtime, era), {
      onerror: (error) => runtime.logger.debug('transport error', { error }),
    });
    if (auth) this.authenticate = requireBearerAuth(auth);
  }

  get name(): string {
    return this.runtime.options.name;
  }

  /** Serves one HTTP request (Streamable HTTP, both eras). With auth configured, verifies the bearer token first. */
  fetch = async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> => {
    let authInfo = options?.authInfo;
    if (this.authenticate) {
      const outcome = await this.authenticate(request);
      if (outcome instanceof Response) return outcome;
      authInfo = outcome;
    }
    // The SDK would read a non-object inputResponses as "no answers"; it is malformed, not empty.
    const refusal = options?.parsedBody === undefined ? await refuseMalformedRetry(request) : undefined;
    if (refusal) return refusal;
    return this.handler.fetch(request, { ...options, authInfo });
  };

  /** Listens on Node HTTP (127.0.0.1 by default; port 0 picks a free port). */
  async listen(options: ListenOptions = {}): Promise<HttpListener> {
    const listener = await listenNodeHttp(this.fetch, options, this.runtime.logger);
    const close = async () => {
      this.closers.delete(close);
      await listener.close();
    };
    this.closers.add(close);
    return { url: listener.url, close };
  }

  /** Serves this process's stdin/stdout (or a given transport); the era follows the client's opening. */
  serveStdio(options: ServeStdioOptions = {}): StdioServerHandle {
    const handle = serveStdio(({ era }) => createLowLevelSdkServer(this.runtime, era), {
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
  }
}
