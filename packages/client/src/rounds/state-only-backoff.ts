/** First wait before retrying a state-only round, and the cap the doubling stops at. */
export const STATE_ONLY_BACKOFF_INITIAL_MS = 50;
export const STATE_ONLY_BACKOFF_MAX_MS = 250;

/**
 * Waits for state-only rounds ("not done yet"): 50, 100, 200, 250, 250, ... ms, so the client does not poll
 * hot. A round with real requests resets it, since the user's answer was the progress the server waited for.
 */
export class StateOnlyBackoff {
  private upcoming = STATE_ONLY_BACKOFF_INITIAL_MS;

  next(): number {
    const delay = this.upcoming;
    this.upcoming = Math.min(delay * 2, STATE_ONLY_BACKOFF_MAX_MS);
    return delay;
  }

  reset(): void {
    this.upcoming = STATE_ONLY_BACKOFF_INITIAL_MS;
  }
}
