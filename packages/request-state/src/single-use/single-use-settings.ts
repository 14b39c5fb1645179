import { RequestStateConfigError } from '../errors/request-state-config.error';
import type { SingleUseSettings } from './consume-once';
import type { SingleUseStore } from './single-use-store';

export const DEFAULT_SINGLE_USE_TIMEOUT_MS = 2000;

/** Checks `singleUse` and `singleUseTimeoutMs` at construction, so a misconfigured server fails at startup. */
export function singleUseFrom(options: {
  singleUse?: SingleUseStore;
  singleUseTimeoutMs?: number;
}): SingleUseSettings | undefined {
  const { singleUse: store, singleUseTimeoutMs } = options;
  if (store === undefined) {
    if (singleUseTimeoutMs !== undefined)
      throw new RequestStateConfigError(
        'RequestStateSecurity: singleUseTimeoutMs is set but singleUse (the store) is not',
      );
    return undefined;
  }
  if (typeof store !== 'object' || store === null || typeof (store as Partial<SingleUseStore>).consume !== 'function') {
    throw new RequestStateConfigError(
      'RequestStateSecurity: singleUse must be a store with consume(nonce, { expiresAtMs }) => Promise<boolean>',
    );
  }
  const timeoutMs = singleUseTimeoutMs ?? DEFAULT_SINGLE_USE_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RequestStateConfigError(
      `RequestStateSecurity: singleUseTimeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`,
    );
  }
  return { store, timeoutMs };
}
