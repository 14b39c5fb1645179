import type { LegRetryPolicy } from './leg-retry-policy';
import { resendOnFleetFailure } from './resend-on-fleet-failure';
import type { RoundHooks } from './round-hooks.types';
import type { Sleep } from './sleep';

export interface ConnectRetryContext {
  policy: LegRetryPolicy;
  sleep: Sleep;
  signal?: AbortSignal;
  hooks: Required<RoundHooks>;
  /** What a failed attempt's half-open connection is closed on before the next one (the SDK client). */
  reset: { close(): Promise<void> };
}

/**
 * Runs `attempt` (the handshake) again when it failed in a fleet-shaped way, within the leg retry policy.
 * The handshake changes nothing on the server, so every such failure is retried, whether or not it may
 * have reached an instance: a 503 from a stopping instance, a refused or reset connection, a 502.
 */
export async function connectWithRetries(attempt: () => Promise<void>, context: ConnectRetryContext): Promise<void> {
  return resendOnFleetFailure(attempt, {
    policy: context.policy,
    sleep: context.sleep,
    signal: context.signal ?? new AbortController().signal,
    mayResend: () => true,
    onRetry: async (retry) => {
      await context.reset.close().catch(() => undefined);
      await context.hooks.onConnectRetry(retry);
    },
  });
}
