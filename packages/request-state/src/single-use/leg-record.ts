/** How idempotent legs run: the lease a run holds and how long a resend waits for a run in progress. */
export interface IdempotentLegSettings {
  leaseMs: number;
  waitMs: number;
  /** How long the record of a first leg (a tool call carrying no requestState) is kept for its resends. */
  firstLegWindowMs: number;
}

/** A claim on a single-use nonce for one idempotent leg (see `SingleUseStore.claimLeg`). */
export interface LegClaim {
  /**
   * The client's idempotency key of the leg (for a first leg, the key and the digest of its arguments, so a
   * call that reuses the key with other arguments is told apart). Never holds `|`.
   */
  key: string;
  /** Random id of this run of the leg, holder of the lease. */
  owner: string;
  /** How long the lease lasts unless renewed. */
  leaseMs: number;
  /** When the record may be forgotten: the token's expiry plus the allowed clock skew, in ms since the epoch. */
  expiresAtMs: number;
}

export interface LegRenewal {
  owner: string;
  leaseMs: number;
}

export interface LegFinish {
  key: string;
  owner: string;
  /** The leg's answer, sealed: the store keeps it as an opaque string. */
  answer: string;
}

export type LegClaimOutcome =
  | { status: 'run'; rerun: boolean }
  | { status: 'running' }
  | { status: 'done'; answer: string }
  | { status: 'replayed' };
