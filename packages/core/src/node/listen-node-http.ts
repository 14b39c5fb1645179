import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logging/logger';
import { ConnectionDrain, refuseBeforeHandler, refuseWhileDraining } from './connection-drain';
import { requestPath } from './request-path';
import type { ListenOptions } from './listen-options';
import { listenTimeouts } from './listen-timeouts';
import { IdleMemoryRelease } from './idle-memory-release';
import { loadFeature } from '../loading/load-feature';

/** What a listener serves once its endpoint is there: the endpoint's node handler and the paths it answers. */
export interface NodeRoute {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Paths besides the endpoint's that it answers (the OAuth metadata document). */
  alsoServes?: (pathname: string) => boolean;
  logger: Logger;
}

/** The bound listener: its URL, and the stop in the order a balancer expects. */
export interface NodeHttpListener {
  url: URL;
  close(): Promise<void>;
}

/**
 * Serves a route on Node HTTP at one path (404 elsewhere), on 127.0.0.1 unless told otherwise. The route may
 * still be on its way (`Promise`): the listener binds at once, `/readyz` answers 503 `starting` and every request
 * a 503 `data.reason: 'starting'` before any handler, until it arrives; if it never does, the listener closes.
 */
export async function listenNodeHttp(
  options: ListenOptions,
  routing: NodeRoute | Promise<NodeRoute>,
): Promise<NodeHttpListener> {
  const timeouts = listenTimeouts(options);
  const path = options.path ?? '/mcp';
  const host = options.host ?? '127.0.0.1';
  let route: NodeRoute | undefined = routing instanceof Promise ? undefined : routing;
  // From close() on, /readyz says 503; the listener still serves everything for readyDelayMs, then drains.
  let notReady = false;
  const idle = idleRelease(timeouts.idleGcMs, () => route?.logger);
  const server: HttpServer = createServer((req, res) => {
    const pathname = requestPath(req.url);
    const admitted = drain.admit(req, res, !isHealthPath(pathname));
    const state = drain.isDraining ? 'draining' : notReady ? 'stopping' : route ? 'ready' : 'starting';
    if (answerHealth(pathname, state, res)) return;
    if (!admitted) return refuseWhileDraining(req, res);
    if (!route)
      return refuseBeforeHandler(req, res, 'starting', 'Server is starting; send the request again (it did not run)');
    if (pathname !== path && !route.alsoServes?.(pathname)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the MCP endpoint is ${path}`);
      return;
    }
    const { logger } = route;
    route.handle(req, res).catch((error) => {
      logger.error('http handler failed', { error });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  // Requests reach the handler above only after listen, by which time the drain exists.
  const drain = new ConnectionDrain(server, idle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let stopping: Promise<void> | undefined;
  const close = () =>
    // Not ready first, so a balancer polling /readyz stops sending while nothing is refused yet; then the
    // drain, graceful and resetting nothing (see ConnectionDrain). readyDelayMs + drainMs bound the stop.
    (stopping ??= (async () => {
      idle?.close();
      notReady = true;
      if (timeouts.readyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, timeouts.readyDelayMs));
      await drain.drain(timeouts.drainMs);
    })());
  if (routing instanceof Promise)
    routing.then(
      (arrived) => (route = arrived),
      () => close(),
    );
  return { url: new URL(`http://${urlHost}:${address.port}${path}`), close };
}

/**
 * The idle GC when asked for (`listenTimeouts` made sure the process has V8's `gc`). v8-gc.ts, with node:v8, is
 * required at the first idle GC, not at listen: none of it before the first answer.
 */
function idleRelease(delayMs: number | false, logger: () => Logger | undefined): IdleMemoryRelease | undefined {
  if (delayMs === false) return undefined;
  const collect = () => loadFeature('idleGc').v8Gc()?.();
  return new IdleMemoryRelease(delayMs, collect, ({ youngBefore, youngAfter, pauseMs }) =>
    logger()?.debug('idle: memory given back', {
      youngBeforeBytes: youngBefore,
      youngAfterBytes: youngAfter,
      pauseMs: Math.round(pauseMs * 100) / 100,
    }),
  );
}

const isHealthPath = (pathname: string) => pathname === '/healthz' || pathname === '/readyz';

type ListenerState = 'starting' | 'ready' | 'stopping' | 'draining';

/**
 * `/healthz`: the process serves; `/readyz`: it takes new work (503 while its endpoint is still starting, and
 * from the moment the stop begins, `readyDelayMs` before the drain, so a balancer stops sending while the
 * listener still accepts).
 */
function answerHealth(pathname: string, state: ListenerState, res: ServerResponse): boolean {
  const close = state === 'draining' && { connection: 'close' };
  if (pathname === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json', ...close }).end('{"status":"ok"}');
    return true;
  }
  if (pathname === '/readyz') {
    const ready = state === 'ready';
    res
      .writeHead(ready ? 200 : 503, { 'content-type': 'application/json', ...close })
      .end(ready ? '{"ready":true}' : `{"ready":false,"status":"${state}"}`);
    return true;
  }
  return false;
}
