/** How long a step's read of its task, and the write of its outcome, are tried again while the store refuses them. */
const STORE_OUTAGE_RETRY_MS = 10_000;

/**
 * One store call of a step, tried again (backing off up to 1 s, for up to `STORE_OUTAGE_RETRY_MS`) while the
 * store refuses it (Redis restarting, say) instead of failing the step. A failed step is run again by the queue:
 * after the tool's method ran, that would run the method a second time; before, it would spend the step's
 * attempts in the outage and fail the task.
 */
export async function throughStoreOutage<T>(call: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + STORE_OUTAGE_RETRY_MS;
  for (let waitMs = 100; ; waitMs = Math.min(waitMs * 2, 1000)) {
    try {
      return await call();
    } catch (error) {
      if (Date.now() + waitMs > giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
