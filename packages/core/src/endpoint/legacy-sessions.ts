import {
  isInitializeRequest,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type Server,
  type ServerEventBus,
} from '@modelcontextprotocol/server';
import { principalFromAuthInfo } from '@tessera/request-state/framework';
import { checkOptions } from '../errors/definition/check-options';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { Logger } from '../logging/logger';
import { serveResourceSubscriptions } from './resource-subscriptions';
import { SessionEventLog } from './session-event-log';

/** Sessionful 2025-era Streamable HTTP (`createApp(module, { legacySessions })`). */
export interface LegacySessionOptions {
  /**
   * Open sessions at most. A new `initialize` beyond it closes the least recently used idle session (no request
   * of it being served, no stream of it open); only when every session is in use does it answer 503. Default 1000.
   */
  maxSessions?: number;
  /** A session unused this long is closed (its client gets 404 and initializes again). Default 30 minutes. */
  idleMs?: number;
  /**
   * Resources one session may subscribe to at once (`resources/subscribe`); one more is refused with `-32600`
   * until it unsubscribes from another. Default 100.
   */
  maxSubscriptions?: number;
  /**
   * Resumable event streams (SEP-1699): each session keeps its last `resumeEvents` messages, its streams
   * start with a priming event (an id, and `retryMs` as `retry`), and a client whose stream closed comes back
   * with `Last-Event-ID` for what it missed; a handler may close its own stream (`ctx.sdk.http.closeSSE()`)
   * to have the client poll. An id older than the last `resumeEvents` messages fails to resume. Default 0: off.
   */
  resumeEvents?: number;
  /** The `retry` (ms) of a resumable stream's priming event: how long a client waits before it reconnects. Default 1000. */
  retryMs?: number;
}

const LEGACY_SESSION_OPTIONS = {
  maxSessions: true,
  idleMs: true,
  maxSubscriptions: true,
  resumeEvents: true,
  retryMs: true,
} as const satisfies Record<keyof LegacySessionOptions, true>;

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  /** Who opened it: a request by anyone else is answered as if the session did not exist. */
  principal: string | null;
  idle: ReturnType<typeof setTimeout>;
  /** Requests of it being served, counting a response until its body has been read to the end or cancelled. */
  busy: number;
  /** The URIs it subscribed to (`resources/subscribe`); undefined when the app serves no resources. */
  subscriptions?: ReadonlySet<string>;
  /** Who opened it, as verified: what a resource update is checked against before it is sent. */
  authInfo?: AuthInfo;
  /** The resource updates on their way to it, one after another (each waits for the check of the one before). */
  updates: Promise<void>;
}

/** Whether the caller may read the resource at `uri` (visibility): an update of one it may not is never sent. */
export type ResourceReadable = (uri: string, authInfo: AuthInfo | undefined) => boolean | Promise<boolean>;

/**
 * 2025-era clients over Streamable HTTP with sessions (the SDK's session transport), so push requests
 * (`elicitation/create`, `sampling/createMessage`, `roots/list`) can reach them. A session lives in this
 * process's memory: every request of it must reach this instance (one instance, or sticky routing on the
 * `Mcp-Session-Id` header). 2026-07-28 traffic never uses it.
 */
export class LegacySessions {
  /** In order of last use, least recent first (a used session is moved to the end). */
  private readonly sessions = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly idleMs: number;
  private readonly maxSubscriptions: number;
  private readonly resumeEvents: number;
  private readonly retryMs: number;
  private readonly stopHearing: () => void;
  /** Set by an app whose callers may see different surfaces (`readableBy`). */
  private readable?: ResourceReadable;

  constructor(
    private readonly factory: () => Server,
    private readonly logger: Logger,
    options: LegacySessionOptions = {},
    /** Where `app.notify.resourceUpdated(uri)` is published: the app's `events` bus, shared by a fleet. */
    events?: ServerEventBus,
  ) {
    checkOptions(options, LEGACY_SESSION_OPTIONS, 'legacySessions');
    this.maxSessions = positive(options.maxSessions ?? 1000, 'legacySessions.maxSessions');
    this.idleMs = positive(options.idleMs ?? 30 * 60_000, 'legacySessions.idleMs');
    this.maxSubscriptions = positive(options.maxSubscriptions ?? 100, 'legacySessions.maxSubscriptions');
    this.resumeEvents =
      options.resumeEvents === undefined || options.resumeEvents === 0
        ? 0
        : positive(options.resumeEvents, 'legacySessions.resumeEvents');
    this.retryMs = positive(options.retryMs ?? 1000, 'legacySessions.retryMs');
    this.stopHearing =
      events?.subscribe((event) => {
        if (event.kind === 'resource_updated') this.resourceUpdated(event.uri);
      }) ?? (() => {});
  }

  /** Sends a session an update of `uri` only when `readable` says its caller may read that resource. */
  readableBy(readable: ResourceReadable): void {
    this.readable = readable;
  }

  /** Serves one 2025-era request: an `initialize` opens a session; anything else must name one it may use. */
  async fetch(request: Request, options: { authInfo?: AuthInfo; parsedBody?: unknown }): Promise<Response> {
    const id = request.headers.get('mcp-session-id');
    const principal = principalFromAuthInfo(options.authInfo);
    if (id === null) {
      if (request.method === 'POST' && isInitializeRequest(options.parsedBody))
        return this.open(request, options, principal);
      return problem(
        400,
        -32000,
        'Bad Request: this 2025-era request needs an Mcp-Session-Id header; send initialize first to open a session.',
      );
    }
    const session = this.sessions.get(id);
    if (session === undefined || session.principal !== principal) {
      return problem(
        404,
        -32001,
        'Session not found: it ended, timed out, or lives on another instance. Send initialize again.',
      );
    }
    this.touch(id, session);
    session.busy++;
    let response: Response;
    try {
      response = await session.transport.handleRequest(request, options);
    } catch (error) {
      session.busy--;
      throw error;
    }
    return whenRead(response, () => session.busy--);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Ends every session (the app is closing). */
  async close(): Promise<void> {
    this.stopHearing();
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id)));
  }

  private async open(
    request: Request,
    options: { authInfo?: AuthInfo; parsedBody?: unknown },
    principal: string | null,
  ): Promise<Response> {
    if (this.sessions.size >= this.maxSessions) {
      const idle = [...this.sessions].find(([, s]) => s.busy === 0)?.[0];
      if (idle === undefined) {
        this.logger.warn('2025 session refused: too many open sessions, all in use', {
          open: this.sessions.size,
          maxSessions: this.maxSessions,
        });
        return problem(503, -32000, 'Too many open sessions on this server, all in use; try again later.');
      }
      this.logger.info('2025 session closed to make room: the least recently used idle one', {
        maxSessions: this.maxSessions,
      });
      await this.end(idle);
    }
    const server = this.factory();
    const subscriptions = serveResourceSubscriptions(server, this.maxSubscriptions);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(), // web-standard crypto: this face runs beyond Node too
      onsessioninitialized: (id) => {
        const idle = this.timer(id);
        const { authInfo } = options;
        this.sessions.set(id, {
          transport,
          server,
          principal,
          idle,
          busy: 0,
          subscriptions,
          authInfo,
          updates: Promise.resolve(),
        });
      },
      onsessionclosed: (id) => void this.end(id),
      ...(this.resumeEvents > 0 && { eventStore: new SessionEventLog(this.resumeEvents), retryInterval: this.retryMs }),
    });
    await server.connect(transport);
    return transport.handleRequest(request, options);
  }

  /** `notifications/resources/updated` to every session subscribed to `uri` (on its standalone GET stream). */
  private resourceUpdated(uri: string): void {
    for (const session of this.sessions.values()) {
      if (!session.subscriptions?.has(uri)) continue;
      const readable = this.readable;
      // a resource hidden from the session's caller is one it never hears of
      const send = async () => {
        if (readable && !(await readable(uri, session.authInfo))) return;
        await session.server.sendResourceUpdated({ uri });
      };
      session.updates = session.updates
        .then(send)
        .catch((error: unknown) => this.logger.debug('a resource update did not reach a 2025 session', { error }));
    }
  }

  private touch(id: string, session: Session): void {
    clearTimeout(session.idle);
    session.idle = this.timer(id);
    this.sessions.delete(id);
    this.sessions.set(id, session);
  }

  private timer(id: string): ReturnType<typeof setTimeout> {
    const idle = setTimeout(() => void this.end(id), this.idleMs);
    idle.unref();
    return idle;
  }

  private async end(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (session === undefined) return;
    this.sessions.delete(id);
    clearTimeout(session.idle);
    await session.server
      .close()
      .catch((error: unknown) => this.logger.debug('closing a 2025 session failed', { error }));
  }
}

/** The same response, calling `done` once when its body has been read to the end, failed or been cancelled. */
function whenRead(response: Response, done: () => void): Response {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  if (response.body === null) {
    once();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          once();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        once();
        controller.error(error);
      }
    },
    cancel(reason) {
      once();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function problem(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

function positive(value: number, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new InvalidConfigurationError(`${name} must be a positive number, got ${String(value)}.`);
  return value;
}
