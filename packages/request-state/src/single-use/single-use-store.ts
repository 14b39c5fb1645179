/**
 * Where single-use requestState records the nonces it has seen. Shared by every instance that may receive a
 * retry (Redis for a fleet; `MemorySingleUseStore` for one process).
 *
 * `consume` must be atomic across everything sharing the store: of two concurrent calls with one nonce,
 * exactly one resolves `true`.
 */
export interface SingleUseStore {
  /**
   * Marks `nonce` used until `until.expiresAtMs` (milliseconds since the epoch: the token's own expiry plus the
   * clock skew instances are allowed, so an instance whose clock is behind still finds the record). Resolves
   * `true` the first time, `false` when the nonce was already used (a replay). Rejects when the store cannot
   * answer; the leg is then refused (fail closed).
   */
  consume(nonce: string, until: { expiresAtMs: number }): Promise<boolean>;
  /**
   * Forgets a nonce this process consumed for a leg whose handler never ran (refused before it, or the store
   * answered after the leg had given up on it), so the client's retry of that leg is not taken for a replay.
   * A store without it keeps such tokens burnt.
   */
  release?(nonce: string): Promise<void>;
}
