import type { LegClaim, LegClaimOutcome, LegFinish, LegRenewal } from './leg-record';

/**
 * Where single-use requestState records the nonces it has seen. Shared by every instance that may receive a
 * retry (Redis for a fleet; `MemorySingleUseStore` for one process).
 *
 * `consume` must be atomic across everything sharing the store: of two concurrent calls with one nonce,
 * exactly one resolves `true`. So must `claimLeg`: of two concurrent claims that may run, exactly one does.
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
  /**
   * Idempotent legs (optional: a store without the three `...Leg` methods keeps plain single use). Consumes
   * `nonce` for the leg named `claim.key`, as `consume` does, and remembers the key and a lease held by
   * `claim.owner` for `claim.leaseMs` (timed by the store, so the clocks of instances do not matter):
   * - nothing recorded: records it, `{ status: 'run', rerun: false }`;
   * - the same key, running under a live lease: `{ status: 'running' }`;
   * - the same key, running, its lease lapsed (its owner died): the lease passes to `claim.owner`,
   *   `{ status: 'run', rerun: true }`;
   * - the same key, finished: `{ status: 'done', answer }` (the string `finishLeg` stored);
   * - consumed without a key, or under another one: `{ status: 'replayed' }`.
   */
  claimLeg?(nonce: string, claim: LegClaim): Promise<LegClaimOutcome>;
  /** Extends the lease of `renewal.owner` by `renewal.leaseMs` from now; `false` when it no longer holds it. */
  renewLeg?(nonce: string, renewal: LegRenewal): Promise<boolean>;
  /**
   * Stores the finished leg's answer under its key (kept until the record's own expiry) and ends the lease.
   * The first answer stored wins: a second run of the leg (its lease lapsed while it still ran) keeps it.
   */
  finishLeg?(nonce: string, finish: LegFinish): Promise<void>;
}
