import type { LegFailure } from './leg-failure';

/** How the client retries a leg (and `connect`) that failed in a fleet (see `LegFailure`). */
export interface LegRetryOptions {
  /**
   * Retries of one leg; default 10 (waits of 100, 200, 400, 800, 1600 ms, then 2 s: about 13 s in all, enough
   * for an instance to restart or a store to come back). `0` turns retrying off.
   */
  maxRetries?: number;
  /**
   * The first wait; each retry doubles it, up to `maxDelayMs`. Defaults 100 and 2000 ms. A server that says
   * how long to wait (`retryAfterMs`) is waited for at least that long, up to `maxDelayMs`.
   */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /**
   * A leg that may have reached a handler (502, 504, connection reset) and may have run:
   * - `'unanswered'` (default): retry it when running it twice changes nothing: it carries no answers (a first
   *   leg, or a state-only one: it can only make the handler ask its questions again), or it is a read
   *   (`resources/read`, `prompts/get`), or its tool's listing (`listTools`) says `readOnlyHint` or
   *   `idempotentHint: true`, or the server records it under its idempotency key (it said so on the
   *   `input_required` result the leg answers: a resend of a leg that ran gets its recorded answer);
   * - `'always'`: retry every leg (make final rounds idempotent, or turn on single-use state: a repeated
   *   final leg is then answered from its record, or, on a server without idempotent legs, refused, and the
   *   flow starts over);
   * - `'never'`: surface the error.
   * A leg that certainly never reached a handler (connection refused, 503, a store outage, a connection
   * reset before the request was written) is always retried.
   */
  uncertain?: 'unanswered' | 'always' | 'never';
}

export const DEFAULT_LEG_RETRIES = 10;
export const DEFAULT_LEG_RETRY_INITIAL_MS = 100;
export const DEFAULT_LEG_RETRY_MAX_MS = 2000;

export class LegRetryPolicy {
  readonly maxRetries: number;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly uncertain: 'unanswered' | 'always' | 'never';

  constructor(options: LegRetryOptions = {}) {
    this.maxRetries = checkCount('legRetry.maxRetries', options.maxRetries ?? DEFAULT_LEG_RETRIES);
    this.initialDelayMs = checkCount('legRetry.initialDelayMs', options.initialDelayMs ?? DEFAULT_LEG_RETRY_INITIAL_MS);
    this.maxDelayMs = checkCount('legRetry.maxDelayMs', options.maxDelayMs ?? DEFAULT_LEG_RETRY_MAX_MS);
    const uncertain = options.uncertain ?? 'unanswered';
    if (!['unanswered', 'always', 'never'].includes(uncertain)) {
      throw new RangeError(
        `legRetry.uncertain must be 'unanswered', 'always' or 'never', got ${JSON.stringify(uncertain)}`,
      );
    }
    this.uncertain = uncertain;
  }

  /**
   * Whether a leg that failed this way may be sent again: `carriesAnswers`, and `idempotent` when the server
   * said (or the method means) that running it twice has no further effect.
   */
  allows(failure: LegFailure, carriesAnswers: boolean, idempotent = false): boolean {
    if (failure.reachedHandler === false) return true;
    if (this.uncertain === 'always') return true;
    return this.uncertain === 'unanswered' && (!carriesAnswers || idempotent);
  }

  /**
   * The wait before retry number `attempt` (1-based): 100, 200, 400, 800, 1600, 2000, ... ms by default, and at
   * least what the server asked for (`retryAfterMs`), within `maxDelayMs`.
   */
  delay(attempt: number, failure?: LegFailure): number {
    const backoff = Math.min(this.maxDelayMs, this.initialDelayMs * 2 ** (attempt - 1));
    return Math.max(backoff, Math.min(this.maxDelayMs, failure?.retryAfterMs ?? 0));
  }
}

function checkCount(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  return value;
}
