import type { ServerEventBus } from '@modelcontextprotocol/server';

/**
 * The change-event bus of each endpoint of this copy of core (the app's `events`, or the SDK handler's own
 * in-process one): what `notify` publishes on, for a face that delivers events itself (stdio's 2025-era
 * `resources/subscribe`). Weak, so a dropped endpoint is not kept alive by it.
 */
const buses = new WeakMap<object, ServerEventBus>();

export function recordEndpointEvents(endpoint: object, bus: ServerEventBus): void {
  buses.set(endpoint, bus);
}

/** The bus of an endpoint of this copy of core; undefined for any other object (another copy's endpoint). */
export function endpointEvents(endpoint: object): ServerEventBus | undefined {
  return buses.get(endpoint);
}
