import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import type { RequestStateClaims } from '../sealing/request-state-claims';
import type { SingleUseStore } from './single-use-store';
import { SingleUseStoreUnavailableError } from './single-use-store-unavailable.error';

export interface SingleUseSettings {
  store: SingleUseStore;
  /** How long to wait for the store before refusing the leg; default 2000 ms. */
  timeoutMs: number;
}

/**
 * Consumes the nonce of an opened (fully verified) token. A token without a nonce was sealed by a policy
 * without single use and is refused; a nonce already consumed anywhere is a replay. The record lives as long
 * as the token would (its remaining life), so the store holds only what could still be replayed.
 */
export async function consumeOnce(
  claims: RequestStateClaims,
  settings: SingleUseSettings,
  nowMs: number,
): Promise<void> {
  if (typeof claims.n !== 'string') throw new InvalidRequestStateError('no_nonce');
  const ttlMs = Math.max(1, Math.ceil(claims.exp * 1000 - nowMs));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SingleUseStoreUnavailableError(`no answer within ${settings.timeoutMs} ms`)),
      settings.timeoutMs,
    );
  });
  let first: boolean;
  try {
    first = await Promise.race([settings.store.consume(claims.n, ttlMs), timeout]);
  } catch (error) {
    if (error instanceof SingleUseStoreUnavailableError) throw error;
    throw new SingleUseStoreUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (first !== true) throw new InvalidRequestStateError('replayed');
}
