import type { RequestBinding } from '../binding/request-binding';
import type { LegRun } from '../single-use/claim-leg';
import type { RecordedAnswer } from '../single-use/leg-answers';

/**
 * What `openLeg` found: the plaintext state to run the handler with (and, for an idempotent leg, this
 * instance's run of it, to finish with the answer), or the answer an earlier run of the same leg recorded.
 */
export type OpenedLeg =
  | { state: unknown; run?: LegRun; recorded?: undefined }
  | { state?: undefined; run?: undefined; recorded: RecordedAnswer };

/** Seals and opens requestState for one audience (one server). */
export interface RequestStateSealer {
  readonly audience: string | undefined;
  /** Whether legs carrying an idempotency key are recorded under it (single use with a store that can). */
  readonly idempotentLegs: boolean;
  /** Seals JSON-serialisable plaintext for this request, with a fresh iat/exp on every call. */
  seal(state: unknown, binding: RequestBinding): Promise<string>;
  /** The plaintext, or a rejection with InvalidRequestStateError whatever went wrong (the reason is on the error). */
  open(token: unknown, binding: RequestBinding): Promise<unknown>;
  /**
   * `open`, then, under a single-use policy (`RequestStateSecurity({ singleUse })`), consumes the token's
   * nonce: a second use, on any instance sharing the store, is refused (`replayed`). Without one, `open`.
   * Rejects with `SingleUseStoreUnavailableError` when the store does not answer (fail closed).
   */
  openOnce(token: unknown, binding: RequestBinding): Promise<unknown>;
  /**
   * `openOnce` for a leg the client named with `idempotencyKey`. With idempotent legs on, the token is
   * consumed for that key: a resend of the same leg (same token, same key) gets the answer its first run
   * recorded (`recorded`), waits for a run still in progress (rejecting with `LegInProgressError` after the
   * configured wait), or runs again when the instance running it died (`run.rerun`). Another key, or none,
   * on a consumed token is a replay. Without a key, or with idempotent legs off, the same as `openOnce`.
   */
  openLeg(token: unknown, binding: RequestBinding, idempotencyKey: string | undefined): Promise<OpenedLeg>;
  /**
   * Optional: `seal`, answered with the token itself when the sealer can seal without waiting (a codec that
   * answers directly, as node:crypto's does), else with `seal`'s promise. The same token and the same errors
   * as `seal`, thrown rather than rejected when answered directly. A caller that finds it uses it instead of
   * `seal`, saving the promise turns of a leg.
   */
  sealDirect?(state: unknown, binding: RequestBinding): string | Promise<string>;
  /**
   * Optional: `openLeg`, answered with what it found itself when nothing needs waiting for (a codec that
   * answers directly, no single-use store to ask), else with `openLeg`'s promise. The same outcomes and the
   * same errors as `openLeg`, thrown rather than rejected when answered directly.
   */
  openLegDirect?(
    token: unknown,
    binding: RequestBinding,
    idempotencyKey: string | undefined,
  ): OpenedLeg | Promise<OpenedLeg>;
  /**
   * With idempotent legs on, claims the record of a first leg named `idempotencyKey` (a call that carries no
   * state): this instance's run of it, or the answer an earlier run recorded (waiting for a live run, taking
   * over a dead one, as `openLeg` does). The record is scoped to the binding's principal, method and target;
   * the same key with other arguments rejects with `IdempotencyKeyReusedError`. `undefined` with idempotent
   * legs off. The record lasts `idempotentLegs.firstLegWindowMs`.
   */
  claimFirstLeg(
    binding: RequestBinding,
    idempotencyKey: string,
  ): Promise<{ run: LegRun } | { recorded: RecordedAnswer } | undefined>;
  /**
   * Gives back a token `openOnce` consumed for a leg whose handler never ran (refused before it), so the
   * client's retry of that leg opens. Does nothing without single use, or with a store that cannot release.
   */
  giveBack(token: unknown): Promise<void>;
}
