import type { ServableEndpoint } from './servable-endpoint';
import { listenNodeHttp } from './listen-node-http';
import { fastLaneReady } from './fast-lane-ready';
import type { HttpListener, ListenOptions } from './listen-options';

/**
 * Serves an app (or low-level server) on Node HTTP: 127.0.0.1 by default, port 0 picks a free port, DNS
 * rebinding protection on loopback. `app.close()` stops it too.
 */
export async function listen(endpoint: ServableEndpoint, options: ListenOptions = {}): Promise<HttpListener> {
  const face = {
    fetch: endpoint.fetch,
    ...(endpoint.admit && { admit: (request: Request) => endpoint.admit!(request) }),
    ...(endpoint.bodies && { bodies: endpoint.bodies }),
  };
  const fastPath = options.fastPath !== false && fastLaneReady(endpoint.logger);
  const alsoServes = endpoint.servesPath && ((pathname: string) => endpoint.servesPath!(pathname));
  const listener = await listenNodeHttp(face, { ...options, fastPath }, endpoint.logger, endpoint.limits, alsoServes);
  return { url: listener.url, close: endpoint.track(listener.close) };
}
