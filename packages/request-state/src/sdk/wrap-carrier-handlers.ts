import { RequestStateConfigError } from '../errors/request-state-config.error';
import { STATE_CARRYING_METHODS, isStateCarryingMethod, type StateCarryingMethod } from '@tessera/common';
import type { RequestHandlerHost } from './protectable-server';

/** A request handler as the SDK calls it: the validated request, and the context it builds per request. */
export type CarrierHandler = (request: { params?: unknown }, ctx: object) => unknown;
type SetRequestHandler = (method: string, ...rest: unknown[]) => unknown;

// One wrapper per server: a second guard's wrapper would see the first guard's handles as foreign.
const wrappedHosts = new WeakSet<object>();

/**
 * Makes every handler set afterwards for tools/call, prompts/get or resources/read go through `wrap`.
 *
 * The SDK has no public way to read back or wrap a handler that is already set, and McpServer sets its
 * own tools/call (prompts/get, resources/read) handler, through the public `setRequestHandler`, on the first
 * registerTool (registerPrompt, registerResource) or in its constructor when `capabilities` declares the
 * family. So this replaces `setRequestHandler` on this one server object (never on the SDK's class) and
 * refuses when a carrier handler exists already, rather than leave it unguarded.
 */
export function wrapCarrierHandlers(
  host: RequestHandlerHost,
  wrap: (method: StateCarryingMethod, handler: CarrierHandler) => CarrierHandler,
): void {
  if (wrappedHosts.has(host))
    throw new RequestStateConfigError(
      'protectRequestState.install: this server is already protected (install once, with the guard whose verify is its requestState hook)',
    );
  for (const method of STATE_CARRYING_METHODS) {
    if (alreadyHandled(host, method)) {
      throw new RequestStateConfigError(
        `protectRequestState.install: ${method} already has a handler, which the SDK gives no way to wrap; call install(server) right after new McpServer(...), before any registerTool/registerPrompt/registerResource, and without capabilities.tools/prompts/resources in its options (registering declares them)`,
      );
    }
  }
  const set = (host.setRequestHandler as unknown as SetRequestHandler).bind(host);
  const guarded: SetRequestHandler = (method, ...rest) => {
    const last = rest.length - 1;
    if (!isStateCarryingMethod(method) || typeof rest[last] !== 'function') return set(method, ...rest);
    // the handler is the last argument in both forms (handler, or schemas + handler)
    return set(method, ...rest.slice(0, last), wrap(method, rest[last] as CarrierHandler));
  };
  Object.defineProperty(host, 'setRequestHandler', {
    value: guarded,
    configurable: true,
    writable: true,
    enumerable: false,
  });
  wrappedHosts.add(host);
}

function alreadyHandled(host: RequestHandlerHost, method: StateCarryingMethod): boolean {
  try {
    host.assertCanSetRequestHandler(method);
    return false;
  } catch {
    return true;
  }
}
