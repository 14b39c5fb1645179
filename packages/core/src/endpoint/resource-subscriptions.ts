import { ProtocolError, type Server } from '@modelcontextprotocol/server';
import { JsonRpcCode } from '../errors/json-rpc-codes';

/**
 * `resources/subscribe` and `resources/unsubscribe` on one 2025-era session's server (an HTTP session, or a
 * stdio connection), when it serves resources: declares `resources.subscribe` and keeps the session's
 * subscribed URIs, at most `max` of them (`setting` names the option that sets it, in the refusal). Returns
 * that set (what `notifications/resources/updated` is sent for), or undefined when the server serves no
 * resources (the methods stay unknown). Call before the server connects.
 */
export function serveResourceSubscriptions(
  server: Server,
  max: number,
  setting = 'legacySessions.maxSubscriptions',
): ReadonlySet<string> | undefined {
  const resources = server.getCapabilities().resources;
  if (resources === undefined) return undefined;
  server.registerCapabilities({ resources: { ...resources, subscribe: true } });
  const uris = new Set<string>();
  server.setRequestHandler('resources/subscribe', (request) => {
    const { uri } = request.params;
    if (!uris.has(uri) && uris.size >= max)
      throw new ProtocolError(
        JsonRpcCode.InvalidRequest,
        `Too many resource subscriptions on this session (at most ${max}, ${setting}): ` +
          `unsubscribe from one first.`,
        { uri, maxSubscriptions: max },
      );
    uris.add(uri);
    return {};
  });
  server.setRequestHandler('resources/unsubscribe', (request) => {
    uris.delete(request.params.uri);
    return {};
  });
  return uris;
}
