import type { FetchLike, OAuthClientProvider, Transport } from '@modelcontextprotocol/client';

/** Spawn a server process and talk to it over its stdin/stdout. */
export interface StdioTarget {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** A Streamable HTTP endpoint; `headers` go on every request (e.g. `Authorization: Bearer ...`). */
export interface HttpTarget {
  url: string | URL;
  /**
   * What sends the requests; default the platform `fetch` (on Node, undici). `nodeHttpFetch()` opts into the
   * client's own sender over `node:http` (less CPU per leg, Node only).
   */
  fetch?: FetchLike;
  headers?: Record<string, string>;
  /**
   * OAuth: `authorizationCode(...)`, `clientCredentials(...)`, `workloadIdentity(...)`, or any SDK
   * `OAuthClientProvider`. A 401 runs the flow and sends the request again; a 403 `insufficient_scope` steps up once.
   */
  auth?: OAuthClientProvider;
}

/**
 * An app in this process: its web-standard handler (`createMcpHandler(...).fetch`, or a Tessera app module's
 * `fetch`) is called directly with a `Request`, no socket.
 */
export interface InMemoryTarget {
  fetch: (request: Request) => Promise<Response>;
  headers?: Record<string, string>;
}

/** Any SDK transport, for wiring the helpers above do not cover. */
export interface TransportTarget {
  transport: Transport;
}

export type ConnectTarget = StdioTarget | HttpTarget | InMemoryTarget | TransportTarget;

export interface ConnectOptions {
  /** Limit for the handshake (discovery probe or `initialize`). */
  timeoutMs?: number;
  signal?: AbortSignal;
}
