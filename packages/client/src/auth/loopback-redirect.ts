import type * as NodeHttp from 'node:http';
import { checkOptions } from '../options/check-options';
import {
  readAuthorizationResponse,
  type AuthorizationRedirect,
  type AuthorizationResponse,
} from './authorization-redirect';

export interface LoopbackRedirectOptions {
  /** Shows the user the authorization URL: open a browser, print it, or both. */
  open: (url: URL) => void | Promise<void>;
  /** The loopback port; default 0, a free one, chosen on the first flow and kept for later ones. */
  port?: number;
  /** Default `/callback`. */
  path?: string;
  /** How long to wait for the user, in ms. Default 300000 (five minutes). */
  timeoutMs?: number;
}

const LOOPBACK_REDIRECT_OPTIONS = { open: true, port: true, path: true, timeoutMs: true } as const satisfies Record<
  keyof LoopbackRedirectOptions,
  true
>;

/**
 * A browser redirect back to this process (RFC 8252 §7.3): a listener on `127.0.0.1` receives the authorization
 * server's answer at `http://127.0.0.1:<port>/callback`, only while a flow waits for it. Node only.
 */
export function loopbackRedirect(options: LoopbackRedirectOptions): AuthorizationRedirect {
  checkOptions(options, LOOPBACK_REDIRECT_OPTIONS, 'loopbackRedirect');
  return new LoopbackRedirect(options);
}

interface Waiter {
  state: string;
  resolve: (response: AuthorizationResponse) => void;
  reject: (error: Error) => void;
}

class LoopbackRedirect implements AuthorizationRedirect {
  private server: NodeHttp.Server | undefined;
  private port: number;
  private readonly path: string;
  private waiter: Waiter | undefined;

  constructor(private readonly options: LoopbackRedirectOptions) {
    this.port = options.port ?? 0;
    this.path = options.path ?? '/callback';
  }

  async prepare(): Promise<string> {
    if (this.server === undefined) {
      const http = nodeHttp();
      const server = http.createServer((req, res) => this.answer(req, res));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.port, '127.0.0.1', () => resolve());
      });
      this.port = (server.address() as { port: number }).port;
      this.server = server;
    }
    return `http://127.0.0.1:${this.port}${this.path}`;
  }

  async authorize(url: URL, state: string): Promise<AuthorizationResponse> {
    if (this.server === undefined) await this.prepare();
    const timeoutMs = this.options.timeoutMs ?? 300_000;
    const answer = new Promise<AuthorizationResponse>((resolve, reject) => {
      this.waiter = { state, resolve, reject };
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer came back to the redirect URI within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    // The answer may come back (or fail) while `open` is still busy: listened to from the start.
    const outcome = Promise.race([answer, expired]);
    outcome.catch(() => undefined);
    try {
      await this.options.open(url);
      return await outcome;
    } finally {
      clearTimeout(timer);
      this.waiter = undefined;
    }
  }

  async release(): Promise<void> {
    // A flow still waiting for the browser ends now rather than at its timeout.
    this.waiter?.reject(new Error('the redirect listener was stopped before an answer came back'));
    this.waiter = undefined;
    const server = this.server;
    this.server = undefined;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private answer(req: NodeHttp.IncomingMessage, res: NodeHttp.ServerResponse): void {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${this.port}`);
    if (req.method !== 'GET' || url.pathname !== this.path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const waiter = this.waiter;
    if (waiter === undefined) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('No authorization is in progress.');
      return;
    }
    this.waiter = undefined;
    try {
      const response = readAuthorizationResponse(url, waiter.state);
      res
        .writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .end('Authorization complete. You can close this window.');
      waiter.resolve(response);
    } catch (error) {
      res
        .writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .end('Authorization failed. You can close this window.');
      waiter.reject(error as Error);
    }
  }
}

function nodeHttp(): typeof NodeHttp {
  const builtin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule;
  if (typeof builtin !== 'function') throw new Error('loopbackRedirect needs Node 20.16 or later (node:http)');
  return builtin('node:http') as typeof NodeHttp;
}
