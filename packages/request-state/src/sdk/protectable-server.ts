/**
 * What `install()` needs of an SDK server, written structurally (no runtime dependency on the SDK): the
 * low-level `Server`'s public `setRequestHandler` and `assertCanSetRequestHandler`, reached directly or
 * through `McpServer.server`. Anything else (a Client, a plain object) is a compile error.
 */
export interface RequestHandlerHost {
  // never[] accepts the SDK's overloaded signature without naming its types
  setRequestHandler(...args: never[]): unknown;
  assertCanSetRequestHandler(method: string): unknown;
}

export type ProtectableServer = RequestHandlerHost | { readonly server: RequestHandlerHost };

export function handlerHostOf(server: ProtectableServer): RequestHandlerHost {
  return 'server' in server ? server.server : server;
}
