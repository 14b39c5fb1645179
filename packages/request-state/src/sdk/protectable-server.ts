/**
 * What `install()` needs of an SDK server, written structurally (no runtime dependency on the SDK): the
 * low-level `Server`'s public `setRequestHandler` and `assertCanSetRequestHandler`, reached directly or
 * through `McpServer.server`. Anything else (a Client, a plain object) is a compile error.
 */
export interface RequestHandlerHost {
  // never[] accepts the SDK's overloaded signature without naming its types
  setRequestHandler(...args: never[]): unknown;
  assertCanSetRequestHandler(method: string): unknown;
  /** Only a server has it: a Client, which also handles requests, is not something to install on. */
  getClientCapabilities(): unknown;
}

export type ProtectableServer = RequestHandlerHost | { readonly server: RequestHandlerHost };

export function handlerHostOf(server: ProtectableServer): RequestHandlerHost {
  const host = 'server' in server ? server.server : server;
  // the same refusal for callers the types do not reach (plain JavaScript, casts)
  if (
    typeof host?.setRequestHandler !== 'function' ||
    typeof host.assertCanSetRequestHandler !== 'function' ||
    typeof host.getClientCapabilities !== 'function'
  ) {
    throw new TypeError(
      'protectRequestState.install: expected an McpServer or a low-level Server of @modelcontextprotocol/server',
    );
  }
  return host;
}
