import { classifyLegFailure } from './leg-failure';
import type { LegRetryPolicy } from './leg-retry-policy';
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
  const signal = context.signal ?? new AbortController().signal;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const failure = classifyLegFailure(error);
      if (signal.aborted || failure === undefined || n > context.policy.maxRetries) throw error;
      await context.reset.close().catch(() => undefined);
      const delayMs = context.policy.delay(n, failure);
      await context.hooks.onConnectRetry({ attempt: n, failure, delayMs, error });
      await context.sleep(delayMs, signal);
    }
  }
}
