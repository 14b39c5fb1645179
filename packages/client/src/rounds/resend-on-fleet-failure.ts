import { classifyLegFailure, type LegFailure } from './leg-failure';
import type { LegRetryPolicy } from './leg-retry-policy';
import type { Sleep } from './sleep';

/** One failed attempt about to be made again. */
export interface FleetRetry {
  /** 1 for the first retry, 2 for the next, ... */
  attempt: number;
  failure: LegFailure;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  /** What the failed attempt threw. */
  error: unknown;
}

export interface ResendContext {
  policy: LegRetryPolicy;
  sleep: Sleep;
  signal: AbortSignal;
  /** Whether a request that failed this way may be sent again (asked only within the policy's bound). */
  mayResend: (failure: LegFailure) => boolean | Promise<boolean>;
  /** Told before each wait (a hook, a half-open connection to close). */
  onRetry: (retry: FleetRetry) => void | Promise<void>;
}

/**
 * The one retry loop of the client (legs, `connect`'s handshake, task requests): runs `send` again when it
 * failed in a fleet-shaped way (`classifyLegFailure`) and `mayResend` allows it, at most
 * `policy.maxRetries` times, waiting `policy.delay` between attempts. Any other failure, or the last one,
 * is thrown as it came.
 */
export async function resendOnFleetFailure<T>(send: () => Promise<T>, context: ResendContext): Promise<T> {
  const { policy, signal } = context;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const failure = classifyLegFailure(error);
      if (signal.aborted || failure === undefined || attempt > policy.maxRetries) throw error;
      if (!(await context.mayResend(failure))) throw error;
      const delayMs = policy.delay(attempt, failure);
      await context.onRetry({ attempt, failure, delayMs, error });
      await context.sleep(delayMs, signal);
    }
  }
}
