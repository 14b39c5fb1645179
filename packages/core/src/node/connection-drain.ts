import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** Told when a request that counts as traffic starts and ends (the listener's idle GC). */
export interface RequestCounter {
  started(): void;
  ended(): void;
}

interface Tracked {
  /** The connection's answers not yet done, oldest first (the one being written, then any pipelined). */
  answering: Set<ServerResponse>;
  idleTimer?: NodeJS.Timeout;
}

/**
 * A graceful stop for a node:http server that resets nothing: Node's own `server.close()` cuts every
 * "idle" keep-alive connection at once, including one whose next request is already on the wire, and
 * the client sees a reset (did the tool run?). Here, once the drain starts: no new connections; a request
 * already being served finishes, and its answer says `Connection: close`; a new request on an open
 * connection is answered 503 with `Retry-After` before any handler runs (its body read first, so the
 * close is clean); a connection idle for half the drain time is closed (closing an idle connection races
 * with a request the client may be sending, so a busy client is given every chance to send first and be
 * answered); whatever is left at the deadline is cut.
 */
export class ConnectionDrain {
  private readonly sockets = new Map<Socket, Tracked>();
  private draining = false;
  private idleGraceMs = 0;

  constructor(
    private readonly server: HttpServer,
    private readonly counter?: RequestCounter,
  ) {
    server.on('connection', (socket: Socket) => {
      this.sockets.set(socket, { answering: new Set() });
      socket.once('close', () => {
        clearTimeout(this.sockets.get(socket)?.idleTimer);
        this.sockets.delete(socket);
      });
    });
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * Counts a request on its connection, and with the counter when it is `traffic` (not a health probe);
   * false when the drain has started (the caller refuses it).
   */
  admit(req: IncomingMessage, res: ServerResponse, traffic: boolean): boolean {
    const tracked = this.sockets.get(req.socket);
    const counter = traffic ? this.counter : undefined;
    counter?.started();
    if (tracked) {
      clearTimeout(tracked.idleTimer);
      tracked.answering.add(res);
      // one listener per request for both counts
      res.once('close', () => {
        tracked.answering.delete(res);
        counter?.ended();
        if (this.draining && tracked.answering.size === 0) this.closeWhenIdle(req.socket, tracked);
      });
    } else if (counter) res.once('close', () => counter.ended());
    if (!this.draining) return true;
    res.shouldKeepAlive = false;
    return false;
  }

  /** Starts the drain; resolves when every connection is closed, or cuts them all after `deadlineMs`. */
  drain(deadlineMs: number): Promise<void> {
    this.draining = true;
    this.idleGraceMs = Math.min(5000, Math.max(250, deadlineMs / 2));
    return new Promise<void>((resolve) => {
      const deadline = setTimeout(() => this.server.closeAllConnections(), deadlineMs);
      deadline.unref();
      // net.Server's close stops accepting without http.Server's immediate cut of idle connections
      NetServer.prototype.close.call(this.server, () => {
        clearTimeout(deadline);
        resolve();
      });
      for (const [socket, tracked] of this.sockets) {
        // the answer being written (the oldest): answered, then closed
        const [res] = tracked.answering;
        if (res && !res.headersSent) res.setHeader('connection', 'close');
        if (tracked.answering.size === 0) this.closeWhenIdle(socket, tracked);
      }
    });
  }

  private closeWhenIdle(socket: Socket, tracked: Tracked): void {
    clearTimeout(tracked.idleTimer);
    tracked.idleTimer = setTimeout(() => {
      if (tracked.answering.size === 0) socket.end();
    }, this.idleGraceMs);
    tracked.idleTimer.unref();
  }
}

/** The answer to a request that arrived after the drain started: its body read (so closing is clean), then 503. */
export function refuseWhileDraining(req: IncomingMessage, res: ServerResponse): void {
  refuseBeforeHandler(req, res, 'draining', 'Server is shutting down; send the request again (it did not run)');
}

/** A body larger than this is not read to the end before a refusal: the connection is closed after the answer. */
const REFUSAL_READ_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * 503 with `Retry-After: 1`, `Connection: close` and a JSON-RPC error whose `data.reason` says why no handler
 * ran (`draining`, `starting`): safe to send again, elsewhere. The body is read first, up to a bound, so the
 * close is clean and the client sees the answer rather than a reset.
 */
export function refuseBeforeHandler(
  req: IncomingMessage,
  res: ServerResponse,
  reason: 'draining' | 'starting',
  message: string,
): void {
  res.shouldKeepAlive = false;
  const answer = () => {
    if (res.headersSent) return;
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' });
    res.end(
      JSON.stringify({
        jsonrpc: '2.0',
        // no wait asked for: behind a balancer the retry goes to another instance at once
        error: { code: -32000, message, data: { reason } },
        id: null,
      }),
    );
  };
  let read = 0;
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > REFUSAL_READ_LIMIT_BYTES) {
      req.pause();
      answer();
      res.once('finish', () => req.socket.destroy());
    }
  });
  req.once('end', answer);
  req.once('error', answer);
}
