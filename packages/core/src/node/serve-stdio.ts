import type { ServeStdioOptions, StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { endpointEvents } from '../endpoint/endpoint-events';
import { loadFeature } from '../loading/load-feature';
import { checkServeStdioOptions } from './node-option-keys';
import { servableOf, type Servable } from './servable-endpoint';
import { DEFAULT_STDIO_MAX_SUBSCRIPTIONS, serveStdioResourceSubscriptions } from './stdio-resource-subscriptions';
import { guardTransport } from '../screening/guard-transport';
import { refuseBeforeDispatch } from '../screening/refuse-before-dispatch';

/**
 * Serves this process's stdin/stdout (or a given transport); the era follows the client's opening. A 2025-era
 * connection may `resources/subscribe` (see `serveStdioResourceSubscriptions`). `app.close()` stops it too.
 */
export function serveStdio(served: Servable, options: ServeStdioOptions = {}): StdioServerHandle {
  checkServeStdioOptions(options);
  const { endpoint } = servableOf(served);
  // loaded here, not at import: an HTTP server loads `@tessera/core/node` and never serves stdio
  const { serveStdio: sdkServeStdio, StdioServerTransport } = loadFeature('stdio');
  const events = endpointEvents(endpoint);
  let stopHearing: (() => void) | undefined;
  const handle = sdkServeStdio(
    ({ era }) => {
      const server = endpoint.serverFactory(era);
      if (era === 'legacy' && events !== undefined) {
        const max = options.maxSubscriptions ?? DEFAULT_STDIO_MAX_SUBSCRIPTIONS;
        stopHearing = serveStdioResourceSubscriptions(server, events, max, endpoint.logger);
      }
      return server;
    },
    {
      onerror: (error) => endpoint.logger.debug('stdio transport error', { error }),
      ...options,
      transport: guardTransport(
        options.transport ?? new StdioServerTransport(),
        (message) => endpoint.screen?.(message) ?? refuseBeforeDispatch(message, endpoint.logger, endpoint.limits),
      ),
    },
  );
  return {
    close: endpoint.track(async () => {
      stopHearing?.();
      await handle.close();
    }),
  };
}
