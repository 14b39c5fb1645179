import { RequestStateConfigError } from '../errors/request-state-config.error';
import type { IdempotentLegOptions } from '../request-state-security-options';
import type { SingleUseSettings } from './consume-once';
import type { IdempotentLegSettings } from './leg-record';
import type { SingleUseStore } from './single-use-store';

export const DEFAULT_SINGLE_USE_TIMEOUT_MS = 2000;
export const DEFAULT_LEG_LEASE_MS = 5000;
export const DEFAULT_LEG_WAIT_MS = 10_000;
export const DEFAULT_FIRST_LEG_WINDOW_MS = 600_000;

/** Checks `singleUse`, `singleUseTimeoutMs` and `idempotentLegs` at construction, so a misconfigured server fails at startup. */
export function singleUseFrom(options: {
  singleUse?: SingleUseStore;
  singleUseTimeoutMs?: number;
  idempotentLegs?: false | IdempotentLegOptions;
}): SingleUseSettings | undefined {
  const { singleUse: store, singleUseTimeoutMs } = options;
  if (store === undefined) {
    if (singleUseTimeoutMs !== undefined)
      throw new RequestStateConfigError(
        'RequestStateSecurity: singleUseTimeoutMs is set but singleUse (the store) is not',
      );
    if (options.idempotentLegs !== undefined && options.idempotentLegs !== false)
      throw new RequestStateConfigError('RequestStateSecurity: idempotentLegs is set but singleUse (the store) is not');
    return undefined;
  }
  if (typeof store !== 'object' || store === null || typeof (store as Partial<SingleUseStore>).consume !== 'function') {
    throw new RequestStateConfigError(
      'RequestStateSecurity: singleUse must be a store with consume(nonce, { expiresAtMs }) => Promise<boolean>',
    );
  }
  const timeoutMs = positive('singleUseTimeoutMs', singleUseTimeoutMs ?? DEFAULT_SINGLE_USE_TIMEOUT_MS);
  const legs = legsFrom(store, options.idempotentLegs);
  return { store, timeoutMs, ...(legs !== undefined && { legs }) };
}

function legsFrom(
  store: SingleUseStore,
  options: false | IdempotentLegOptions | undefined,
): IdempotentLegSettings | undefined {
  if (options === false) return undefined;
  const capable = ['claimLeg', 'renewLeg', 'finishLeg'].every(
    (name) => typeof (store as unknown as Record<string, unknown>)[name] === 'function',
  );
  if (!capable) {
    if (options === undefined) return undefined; // a store of its own, from before idempotent legs: plain single use
    throw new RequestStateConfigError(
      'RequestStateSecurity: idempotentLegs needs a singleUse store with claimLeg, renewLeg and finishLeg',
    );
  }
  if (options !== undefined && (typeof options !== 'object' || options === null))
    throw new RequestStateConfigError(
      `RequestStateSecurity: idempotentLegs must be false or { leaseMs?, waitMs?, firstLegWindowMs? }, got ${String(options)}`,
    );
  return {
    leaseMs: positive('idempotentLegs.leaseMs', options?.leaseMs ?? DEFAULT_LEG_LEASE_MS),
    waitMs: positive('idempotentLegs.waitMs', options?.waitMs ?? DEFAULT_LEG_WAIT_MS),
    firstLegWindowMs: positive(
      'idempotentLegs.firstLegWindowMs',
      options?.firstLegWindowMs ?? DEFAULT_FIRST_LEG_WINDOW_MS,
    ),
  };
}

function positive(name: string, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RequestStateConfigError(
      `RequestStateSecurity: ${name} must be a positive number of milliseconds, got ${String(value)}`,
    );
  }
  return value;
}
