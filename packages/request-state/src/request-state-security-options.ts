import type { RequestStateCodec } from './sealing/request-state-codec';
import type { SingleUseStore } from './single-use/single-use-store';

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
  /**
   * Single-use state (off by default): every token carries a nonce, and the retry that presents it consumes
   * it in this store; presenting it again, on any instance sharing the store, is refused (`replayed`). One
   * process: `new MemorySingleUseStore()`; a fleet: a shared store (`@tessera/redis`).
   */
  singleUse?: SingleUseStore;
  /** How long a leg waits for the single-use store before it is refused (fail closed); default 2000 ms. */
  singleUseTimeoutMs?: number;
  /**
   * Idempotent legs, on by default with a `singleUse` store that has the `...Leg` methods (both shipped
   * stores do); `false` turns them off. A leg that carries a state and the client's idempotency key is
   * recorded under the key: a resend with the same token and key gets the recorded answer (waiting up to
   * `waitMs`, default 10 000 ms, for a run still in progress), or runs again when the instance running it
   * died (its lease of `leaseMs`, default 5000 ms, renewed while it runs, lapsed).
   */
  idempotentLegs?: false | IdempotentLegOptions;
}

export interface IdempotentLegOptions {
  /** How long a run of a leg holds it without renewing (renewed every third of it); default 5000 ms. */
  leaseMs?: number;
  /** How long a resend waits for a run in progress before it is answered -31503 `leg_in_progress`; default 10 000 ms. */
  waitMs?: number;
  /**
   * How long the answer of a first leg is kept for its resends: a `tools/call` that carries no requestState,
   * of a tool not hinted `readOnlyHint` or `idempotentHint`, recorded under (caller, tool, key); default
   * 600 000 ms (10 minutes). A resend after it runs the tool again.
   */
  firstLegWindowMs?: number;
}
