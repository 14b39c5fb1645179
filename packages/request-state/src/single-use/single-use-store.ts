/**
 * Where single-use requestState records the nonces it has seen. Shared by every instance that may receive a
 * retry (Redis for a fleet; `MemorySingleUseStore` for one process).
 *
 * `consume` must be atomic across everything sharing the store: of two concurrent calls with one nonce,
 * exactly one resolves `true`.
 */
export interface SingleUseStore {
  /**
   * Marks `nonce` used for the next `ttlMs` milliseconds (the token's remaining life: after it the token is
   * refused as expired anyway, so the record may go). Resolves `true` the first time, `false` when the nonce
   * was already used (a replay). Rejects when the store cannot answer; the leg is then refused (fail closed).
   */
  consume(nonce: string, ttlMs: number): Promise<boolean>;
}
