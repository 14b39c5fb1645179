import type { Server, ServerEventBus } from '@modelcontextprotocol/server';
import { serveResourceSubscriptions } from '../endpoint/resource-subscriptions';
import type { Logger } from '../logging/logger';

/** As the SDK's own bound on `subscriptions/listen` per stdio connection (`serveStdio`'s `maxSubscriptions`). */
export const DEFAULT_STDIO_MAX_SUBSCRIPTIONS = 1024;

/**
 * `resources/subscribe` on a 2025-era stdio connection, as a 2025 HTTP session has it: the connection's
 * server keeps the subscribed URIs (at most `max`, serveStdio's `maxSubscriptions`), and every
 * `resource_updated` event on the endpoint's bus (`app.notify.resourceUpdated(uri)`, here or on another
 * instance sharing `events`) for one of them is sent on the stdio stream as `notifications/resources/updated`.
 * Returns the function that stops hearing the bus (the connection closed), or undefined when the server
 * serves no resources.
 */
export function serveStdioResourceSubscriptions(
  server: Server,
  events: ServerEventBus,
  max: number,
  logger: Logger,
): (() => void) | undefined {
  const uris = serveResourceSubscriptions(server, max, 'serveStdio maxSubscriptions');
  if (uris === undefined) return undefined;
  const stop = events.subscribe((event) => {
    if (event.kind !== 'resource_updated' || !uris.has(event.uri)) return;
    server
      .sendResourceUpdated({ uri: event.uri })
      .catch((error: unknown) => logger.debug('a resource update did not reach the stdio client', { error }));
  });
  // the client may end the connection first (stdin closed): the bus then stops feeding it
  const closed = server.onclose;
  server.onclose = () => {
    stop();
    closed?.();
  };
  return stop;
}
