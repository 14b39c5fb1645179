import type { ServableEndpoint } from './servable-endpoint';
import { listenNodeHttp } from './listen-node-http';
import { FastLane } from '../lane/fast-lane';
import type { HttpListener, ListenOptions } from './listen-options';

/**
 * Serves an app (or low-level server) on Node HTTP: 127.0.0.1 by default, port 0 picks a free port, DNS
 * rebinding protection on loopback. `app.close()` stops it too. Unless `fastPath: false`, the fast lane
 * (lane/) serves what it takes; it checks the installed SDK first and stays off, with one warning, if
 * anything it relies on changed.
 */
export async function listen(endpoint: ServableEndpoint, options: ListenOptions = {}): Promise<HttpListener> {
  const face = {
    fetch: endpoint.fetch,
    ...(endpoint.admit && { admit: (request: Request) => endpoint.admit!(request) }),
    ...(endpoint.bodies && { bodies: endpoint.bodies }),
  };
  const lane = options.fastPath === false ? undefined : FastLane.open(endpoint);
  const alsoServes = endpoint.servesPath && ((pathname: string) => endpoint.servesPath!(pathname));
  const listener = await listenNodeHttp(face, options, endpoint.logger, endpoint.limits, alsoServes, lane);
  const close = async () => {
    await listener.close();
    await lane?.close();
  };
  return { url: listener.url, close: endpoint.track(close) };
}
