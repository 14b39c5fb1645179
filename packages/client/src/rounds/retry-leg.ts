import type { McpCall } from '../flow/mcp-call';
import type { LegFailure } from './leg-failure';
import type { LegRetryPolicy } from './leg-retry-policy';
import { resendOnFleetFailure } from './resend-on-fleet-failure';
import type { RoundHooks } from './round-hooks.types';
import type { SendLeg } from './run-rounds';
import type { Sleep } from './sleep';

export interface RetryLegContext {
  call: McpCall;
  policy: LegRetryPolicy;
  sleep: Sleep;
  hooks: Required<RoundHooks>;
  /** Whether running a leg of this call twice has no further effect (asked only when that decides a retry). */
  idempotent?: () => Promise<boolean>;
}

/**
 * Wraps the sending of legs so that one failing at the balancer is sent again, within the policy: bounded,
 * with backoff, and only when it is safe (see `LegRetryOptions.uncertain`). Each leg gets a random
 * idempotency key, sent again unchanged with each of its resends. Every retry is reported to `onLegRetry`
 * before its wait. Any other failure, or the last one, is thrown as it came.
 */
export function retryingLegs<R>(send: SendLeg<R>, context: RetryLegContext): SendLeg<R> {
  let legs = 0;
  return async (seed, signal) => {
    const leg = ++legs;
    const carriesAnswers = seed.inputResponses !== undefined && Object.keys(seed.inputResponses).length > 0;
    // A random UUID (122 random bits, only letters, digits and '-'), the same on each resend of this leg.
    const keyed = { ...seed, idempotencyKey: seed.idempotencyKey ?? globalThis.crypto.randomUUID() };
    return resendOnFleetFailure(() => send(keyed, signal), {
      policy: context.policy,
      sleep: context.sleep,
      signal,
      mayResend: (failure) => allowed(context, failure, carriesAnswers, seed.idempotentLeg === true),
      onRetry: (retry) => context.hooks.onLegRetry({ call: context.call, leg, carriesAnswers, ...retry }),
    });
  };
}

async function allowed(
  context: RetryLegContext,
  failure: LegFailure,
  carriesAnswers: boolean,
  recordedByServer: boolean,
): Promise<boolean> {
  // A leg the server records under its key is answered from the record when it already ran: running it twice
  // changes nothing, whatever it carries.
  if (context.policy.allows(failure, carriesAnswers, recordedByServer)) return true;
  if (!context.idempotent || !context.policy.allows(failure, carriesAnswers, true)) return false;
  return await context.idempotent();
}
