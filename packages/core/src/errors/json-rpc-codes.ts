/** JSON-RPC error codes Tessera answers with. */
export const JsonRpcCode = {
  /** The body is not a request Tessera reads (a batch, a notification, a response) and crosses the limits. */
  InvalidRequest: -32600,
  InvalidParams: -32602,
  InternalError: -32603,
  /** The client lacks a capability the call needs (`data.requiredCapabilities`). */
  MissingRequiredClientCapability: -32021,
  /** The request's HTTP headers and its body disagree (an `Mcp-Param-*` header and its argument). */
  HeaderMismatch: -32020,
  /**
   * A guard refused a prompt or resource (a tool answers an `isError` result instead). Application
   * codes belong outside -32768..-32000, so this mirrors HTTP 403 there.
   */
  Forbidden: -31403,
  /**
   * A store the leg needs (single-use state) did not answer: nothing ran, send the leg again after
   * `data.retryAfterMs`. Mirrors HTTP 503 outside the reserved range.
   */
  Unavailable: -31503,
  /**
   * A per-caller or server-wide cap was reached (live tasks, listen streams): `data.cap` names the setting
   * and `data.limit` its value. Mirrors HTTP 429; not retried as a store outage is.
   */
  LimitExceeded: -31429,
} as const;
