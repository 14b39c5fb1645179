import { createServer, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostHeaderValidationResponse, originValidationResponse } from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import { ConnectionDrain, refuseWhileDraining } from './connection-drain';
import { createNodeHandler, type NodeFace } from './node-handler';
import type { FastLane } from '../lane/fast-lane';
import { isLoopbackHost, loopbackAllowedHosts } from './loopback-hosts';
import { requestPath } from './request-path';
import type { HttpListener, ListenOptions } from './listen-options';
import { listenTimeouts } from './listen-timeouts';

/**
 * Serves a web-standard `fetch` face on Node HTTP at one path (404 elsewhere), on 127.0.0.1 unless told
 * otherwise (exposing a server beyond this machine is a deliberate choice), with the same DNS rebinding
 * protection as `TesseraApp.listen`.
 */
export async function listenNodeHttp(
  endpoint: Omit<NodeFace, 'screen'>,
  options: ListenOptions,
  logger: Logger,
  limits: ResolvedRequestLimits,
  /** Paths besides the endpoint's that its `fetch` answers (the OAuth metadata document). */
  alsoServes?: (pathname: string) => boolean,
  /** The fast lane, when on: the requests it takes are served there (lane/). */
  lane?: FastLane,
): Promise<HttpListener> {
  const timeouts = listenTimeouts(options);
  const path = options.path ?? '/mcp';
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = options.allowedHosts ?? (isLoopbackHost(host) ? loopbackAllowedHosts(host) : undefined);
  // A page on another site that rebinds its name to a loopback address sends its own Host/Origin: refuse those.
  const screen = allowedHosts
    ? (request: Request) =>
        hostHeaderValidationResponse(request, allowedHosts) ?? originValidationResponse(request, allowedHosts)
    : undefined;
  const node = createNodeHandler({ ...endpoint, screen }, lane, limits);
  // From close() on, /readyz says 503; the listener still serves everything for readyDelayMs, then drains.
  let notReady = false;
  const server: HttpServer = createServer((req, res) => {
    const admitted = drain.admit(req, res);
    const pathname = requestPath(req.url);
    if (answerHealth(pathname, notReady, drain.isDraining, res)) return;
    if (!admitted) return refuseWhileDraining(req, res);
    if (pathname !== path && !alsoServes?.(pathname)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the MCP endpoint is ${path}`);
      return;
    }
    node(req, res).catch((error) => {
      logger.error('http handler failed', { error });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  // Requests reach the handler above only after listen, by which time the drain exists.
  const drain = new ConnectionDrain(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let stopping: Promise<void> | undefined;
  return {
    url: new URL(`http://${urlHost}:${address.port}${path}`),
    // Not ready first, so a balancer polling /readyz stops sending while nothing is refused yet; then the
    // drain, graceful and resetting nothing (see ConnectionDrain). readyDelayMs + drainMs bound the stop.
    close: () =>
      (stopping ??= (async () => {
        notReady = true;
        if (timeouts.readyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, timeouts.readyDelayMs));
        await drain.drain(timeouts.drainMs);
      })()),
  };
}

/**
 * `/healthz`: the process serves; `/readyz`: it takes new work (503 from the moment the stop begins, `readyDelayMs`
 * before the drain, so a balancer stops sending while the listener still accepts).
 */
function answerHealth(pathname: string, notReady: boolean, draining: boolean, res: ServerResponse): boolean {
  if (pathname === '/healthz') {
    res
      .writeHead(200, { 'content-type': 'application/json', ...(draining && { connection: 'close' }) })
      .end('{"status":"ok"}');
    return true;
  }
  if (pathname === '/readyz') {
    res
      .writeHead(notReady ? 503 : 200, { 'content-type': 'application/json', ...(draining && { connection: 'close' }) })
      .end(notReady ? `{"ready":false,"status":"${draining ? 'draining' : 'stopping'}"}` : '{"ready":true}');
    return true;
  }
  return false;
}
