import type { Logger } from '@tessera/core';
import type { SingleUseStore } from '@tessera/request-state';

/**
 * The fleet's fault seam for "killed after the handler finished, before the reply": legs whose handler asked
 * for it (by its idempotency key) stay, after their answer was recorded, this long before the reply goes out.
 */
const pauses = new Map<string, number>();

/** Asks that the leg named `key`, once its answer is recorded, wait `ms` before answering. */
export function pauseAfterRecording(key: string, ms: number): void {
  pauses.set(key, ms);
}

/**
 * The instance's single-use store, with a pause after `finishLeg` for the legs that asked for one: their
 * answer is in the store, the caller has not received it yet, and the instance says so in its log (`leg
 * answer recorded`), which is when the fleet check kills it.
 */
export function withPauseAfterRecording(store: SingleUseStore, logger: Logger): SingleUseStore {
  const { finishLeg } = store;
  if (finishLeg === undefined) return store;
  return Object.assign(Object.create(store) as SingleUseStore, {
    async finishLeg(nonce: string, finish: Parameters<NonNullable<SingleUseStore['finishLeg']>>[1]) {
      await finishLeg.call(store, nonce, finish);
      // a plain call's record is keyed `<idempotency key>.<arguments' digest>`
      const key = finish.key.split('.')[0]!;
      const ms = pauses.get(key);
      if (ms === undefined) return;
      pauses.delete(key);
      logger.info('leg answer recorded', { key: finish.key, pausingMs: ms });
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
  });
}
