import type { RequestStateCodec } from './sealing/request-state-codec';

export interface RequestStateSecurityOptions<Ctx = unknown> {
  /** Each at least 32 bytes after UTF-8 encoding; keys[0] seals, every key verifies; no duplicates. */
  keys?: ReadonlyArray<Uint8Array | string>;
  /** A custom codec instead of keys (exactly one of the two). */
  codec?: RequestStateCodec;
  /** Seconds a sealed state stays valid; default 600. Positive and finite; fractions allowed. */
  ttl?: number;
  /** Defaults to the server's name (see RequestStateSecurity.forServer). */
  audience?: string;
  /**
   * An extra principal from the author's own signal (a tenant header). Added to the verified auth's
   * principal, never in its place (see boundPrincipal); alone where there is no verified auth.
   */
  bindPrincipal?: (ctx: Ctx) => string | null | undefined;
  /** Milliseconds since the epoch; default Date.now. */
  clock?: () => number;
  /** Longer tokens are refused before any crypto (and never minted); default 16 KiB. */
  maxTokenLength?: number;
}
