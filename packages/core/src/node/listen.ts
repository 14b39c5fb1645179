import { hostHeaderValidationResponse, originValidationResponse } from '@modelcontextprotocol/server';
import { servableOf, type Servable, type ServableEndpoint } from './servable-endpoint';
import { listenNodeHttp, type NodeRoute } from './listen-node-http';
import { FastLane } from '../accelerators/lane/fast-lane';
import type { HttpListener, ListenOptions } from './listen-options';
import { checkListenOptions } from './node-option-keys';
import { listenTimeouts } from './listen-timeouts';
import { createNodeHandler } from './node-handler';
import { isLoopbackHost, loopbackAllowedHosts } from './loopback-hosts';
import { acceptedHost } from './accepted-host';
import { recordNodeFaceAdmission } from './node-face-admission';

/**
 * Serves an app (or low-level server) on Node HTTP: 127.0.0.1 by default, port 0 picks a free port, DNS
 * rebinding protection on loopback. `app.close()` stops it too. Unless `fastPath: false`, the fast lane
 * (lane/) serves what it takes; it checks the installed SDK first and stays off, with one warning, if
 * anything it relies on changed.
 *
 * Given a promise of the app (one that waits for its database first), it listens at once and is not ready
 * until the app arrives: `/readyz` answers 503 and every request a retryable 503 before any handler. If the
 * promise rejects, the listener closes and `listener.ready` rejects with that error.
 */
export async function listen(
  app: Servable | PromiseLike<Servable>,
  options: ListenOptions = {},
): Promise<HttpListener> {
  checkListenOptions(options);
  listenTimeouts(options); // a bad setting is refused now, before anything binds or waits
  if (!isPromiseLike(app)) {
    const served = serve(app, options);
    const listener = await listenNodeHttp(options, served.route);
    const close = async () => {
      await listener.close();
      await served.lane?.close();
    };
    const face = { url: listener.url, ready: Promise.resolve(), close: served.endpoint.track(close) };
    recordNodeFaceAdmission(face, () => admissionOf(served));
    return face;
  }
  let served: Served | undefined;
  const arriving = Promise.resolve(app).then((arrived) => (served = serve(arrived, options)));
  const routed = arriving.then((s) => s.route);
  routed.catch(() => undefined); // the listener's own handler closes it; `ready` tells the caller
  const listener = await listenNodeHttp(options, routed).catch(async (error: unknown) => {
    await arriving.then((s) => s.lane?.close()).catch(() => undefined);
    throw error;
  });
  const closeAll = async () => {
    await listener.close();
    await served?.lane?.close();
  };
  let tracked: (() => Promise<void>) | undefined;
  const ready = arriving.then((s) => void (tracked = s.endpoint.track(closeAll)));
  ready.catch(() => undefined);
  const face = { url: listener.url, ready, close: () => (tracked ?? closeAll)() };
  recordNodeFaceAdmission(face, () => served && admissionOf(served));
  return face;
}

const admissionOf = ({ endpoint, lane }: Served) => ({ endpoint, laneOn: lane !== undefined });

interface Served {
  endpoint: ServableEndpoint;
  route: NodeRoute;
  lane?: FastLane;
}

/** The endpoint's node handler behind the DNS rebinding check, and its fast lane when on. */
function serve(app: Servable, options: ListenOptions): Served {
  const { endpoint, runtime } = servableOf(app);
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = options.allowedHosts ?? (isLoopbackHost(host) ? loopbackAllowedHosts(host) : undefined);
  // A page on another site that rebinds its name to a loopback address sends its own Host/Origin: refuse those.
  const screen = allowedHosts ? hostScreen(allowedHosts) : undefined;
  const face = {
    fetch: endpoint.fetch,
    screen,
    ...(endpoint.admit && { admit: (request: Request) => endpoint.admit!(request) }),
    ...(endpoint.bodies && { bodies: endpoint.bodies }),
  };
  const lane = options.fastPath === false ? undefined : FastLane.open(endpoint, runtime);
  const handle = createNodeHandler(face, lane, endpoint.limits);
  const alsoServes = endpoint.servesPath && ((pathname: string) => endpoint.servesPath!(pathname));
  return { endpoint, lane, route: { handle, alsoServes, logger: endpoint.logger } };
}

/** The SDK's Host and Origin checks, its Host check skipped for a header it surely accepts (accepted-host.ts). */
function hostScreen(allowedHosts: string[]): (request: Request) => Response | undefined {
  const accepted = acceptedHost(allowedHosts);
  return (request) =>
    (accepted(request.headers.get('host')) ? undefined : hostHeaderValidationResponse(request, allowedHosts)) ??
    originValidationResponse(request, allowedHosts);
}

function isPromiseLike(value: unknown): value is PromiseLike<Servable> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
