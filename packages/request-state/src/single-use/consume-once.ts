import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import type { RequestStateClaims } from '../sealing/request-state-claims';
import { askStore } from './ask-store';
import { MAX_CLOCK_SKEW_SECONDS } from './clock-skew';
import type { IdempotentLegSettings } from './leg-record';
import type { SingleUseStore } from './single-use-store';

export interface SingleUseSettings {
  store: SingleUseStore;
  /** How long to wait for the store before refusing the leg; default 2000 ms. */
  timeoutMs: number;
  /** Set when legs carrying an idempotency key are recorded under it (the store supports it, not turned off). */
  legs?: IdempotentLegSettings;
}

/**
 * Consumes the nonce of an opened (fully verified) token. A token without a nonce was sealed by a policy
 * without single use and is refused; a nonce already consumed anywhere is a replay. The record lives until
 * the token's own expiry plus the allowed clock skew, an absolute time taken from the token (never this
 * instance's idea of the remaining life), so every instance that could still accept the token finds it.
 */
export async function consumeOnce(claims: RequestStateClaims, settings: SingleUseSettings): Promise<void> {
  const nonce = nonceOf(claims);
  const { store } = settings;
  const first = await askStore(
    settings.timeoutMs,
    () => store.consume(nonce, { expiresAtMs: recordExpiry(claims) }),
    // A store that answers after the leg gave up on it must not leave the token burnt: the client sends it again.
    (late) => void (late === true && store.release?.(nonce).catch(() => undefined)),
  );
  if (first !== true) throw new InvalidRequestStateError('replayed');
}

/** The token's nonce; a token without one was sealed by a policy without single use. */
export function nonceOf(claims: RequestStateClaims): string {
  if (typeof claims.n !== 'string') throw new InvalidRequestStateError('no_nonce');
  return claims.n;
}

/** When the record of a consumed token may go: the token's own expiry plus the allowed skew, in ms since the epoch. */
export function recordExpiry(claims: RequestStateClaims): number {
  return Math.ceil((claims.exp + MAX_CLOCK_SKEW_SECONDS) * 1000);
}
