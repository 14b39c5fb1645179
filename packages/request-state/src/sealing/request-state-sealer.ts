import type { RequestBinding } from '../binding/request-binding';

/** Seals and opens requestState for one audience (one server). */
export interface RequestStateSealer {
  readonly audience: string | undefined;
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
   * Gives back a token `openOnce` consumed for a leg whose handler never ran (refused before it), so the
   * client's retry of that leg opens. Does nothing without single use, or with a store that cannot release.
   */
  giveBack(token: unknown): Promise<void>;
}
