import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import type { RequestStateClaims } from '../sealing/request-state-claims';
import { MAX_CLOCK_SKEW_SECONDS } from './clock-skew';
import type { SingleUseStore } from './single-use-store';
import { SingleUseStoreUnavailableError } from '../errors/single-use-store-unavailable.error';

export interface SingleUseSettings {
  store: SingleUseStore;
  /** How long to wait for the store before refusing the leg; default 2000 ms. */
  timeoutMs: number;
}

/**
 * Consumes the nonce of an opened (fully verified) token. A token without a nonce was sealed by a policy
 * without single use and is refused; a nonce already consumed anywhere is a replay. The record lives until
 * the token's own expiry plus the allowed clock skew, an absolute time taken from the token (never this
 * instance's idea of the remaining life), so every instance that could still accept the token finds it.
 */
export async function consumeOnce(claims: RequestStateClaims, settings: SingleUseSettings): Promise<void> {
  const nonce = claims.n;
  if (typeof nonce !== 'string') throw new InvalidRequestStateError('no_nonce');
  const expiresAtMs = Math.ceil((claims.exp + MAX_CLOCK_SKEW_SECONDS) * 1000);
  let timer: NodeJS.Timeout | undefined;
  let gaveUp = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      gaveUp = true;
      reject(new SingleUseStoreUnavailableError(`no answer within ${settings.timeoutMs} ms`));
    }, settings.timeoutMs);
  });
  const consuming = settings.store.consume(nonce, { expiresAtMs });
  // A store that answers after the leg gave up on it must not leave the token burnt: the client sends it again.
  consuming.then(
    (first) => void (gaveUp && first === true && settings.store.release?.(nonce).catch(() => undefined)),
    () => undefined,
  );
  let first: boolean;
  try {
    first = await Promise.race([consuming, timeout]);
  } catch (error) {
    if (error instanceof SingleUseStoreUnavailableError) throw error;
    throw new SingleUseStoreUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (first !== true) throw new InvalidRequestStateError('replayed');
}
