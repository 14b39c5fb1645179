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
  /**
   * On close (the drain): how long requests in flight may take to finish, and kept-alive connections to
   * say goodbye, before whatever is left is cut; default 2000 ms. From the start of the drain `/readyz`
   * answers 503, new connections are refused, and a new request on an open connection gets 503 with
   * `Retry-After` before any handler runs.
   */
  drainMs?: number;
  /**
   * On close, how long `/readyz` answers 503 BEFORE the drain starts, while the listener still accepts and
   * serves everything; default 0. A balancer that polls `/readyz` (a Kubernetes readiness probe, an nginx Plus
   * or HAProxy health check) takes the instance out only after it has seen the 503: set this to at least its
   * polling interval times the failures it needs (Kubernetes: `periodSeconds` x `failureThreshold`), so no new
   * connection ever meets a closed listener. The whole stop then takes `readyDelayMs + drainMs` at most.
   */
  readyDelayMs?: number;
  /**
   * How long an idle kept-alive connection stays open; default Node's 5000 ms. Behind a balancer that keeps
   * connections to its upstreams, set it above the balancer's own idle timeout: otherwise the server may
   * close a connection just as the balancer sends a request on it, and that request is reset.
   */
  keepAliveTimeoutMs?: number;
  /**
   * Serve the stateless 2026-07-28 POST on node:http directly (default `true`): same answers, less work per
   * request. `false` sends every request through the SDK's node adapter (`toNodeHandler`).
   */
  fastPath?: boolean;
  /**
   * Give a burst's memory back once the server is idle: off unless given (`false` is the same as leaving it out).
   * Under load V8 grows its young generation to 16 MB semi-spaces and, with nothing allocating afterwards,
   * keeps those pages: once requests were served and then none has been in flight for this many ms (5000 is a
   * good value: V8 shrinks only after about 5 s of low allocation), one young-generation GC (a second one 6 s
   * later if V8 kept the memory the first time) returns them, about 1-8 ms of pause. Nothing more until
   * requests come again; `/healthz` and `/readyz` do not count as requests. Needs V8's `gc`: start the process
   * with `--expose-gc` (`node --expose-gc server.js`, or `NODE_OPTIONS=--expose-gc`); without it `listen` is
   * refused with an error saying so. Tessera never sets V8 flags itself.
   */
  idleGcMs?: number | false;
}

export interface HttpListener {
  url: URL;
  /**
   * Resolves once the app serves: at once for an app given as is; for a promise of one, when it resolves
   * (until then `/readyz` answers 503 `starting`). Rejects with the promise's error, the listener closed.
   */
  ready: Promise<void>;
  close(): Promise<void>;
}
