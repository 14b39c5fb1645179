import type { PrincipalAuthInfo } from '../binding/principal-from-auth-info';

/**
 * The part of the SDK's `ServerContext` (@modelcontextprotocol/server) this package reads, written
 * structurally so the package needs no runtime dependency on the SDK. The SDK context does not carry the
 * request params, which is why target and arguments are passed explicitly.
 */
export interface RequestStateContext {
  mcpReq: {
    method: string;
    requestState: () => unknown;
  };
  http?: {
    authInfo?: PrincipalAuthInfo;
    /** The HTTP request (createMcpHandler and the SDK's HTTP transports); read for its `Mcp-Name` header. */
    req?: { headers: { get(name: string): string | null } };
  };
}

/** The request a handler is serving, as far as the SDK context cannot tell it. */
export interface RequestTarget {
  /** Tool or prompt name, or resource URI. */
  target: string;
  /** The arguments the handler received (identical on every round of the flow). */
  arguments?: Record<string, unknown> | null;
}
