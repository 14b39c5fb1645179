import type { Logger } from '../logging/logger';
import type { TaskStore } from './task-store';

/**
 * `ctx.task.status(message)` for one step: writes the task's status message, and never throws into the
 * handler when the store refuses the write (Redis down, say). A status message is a hint that the next one
 * or the task's outcome replaces, so a refused one is dropped, not buffered: the step's outcome is written
 * through the outage as always. The first refusal of a step is logged as one warning (without the message,
 * which is the task's content); the rest are not.
 */
export function taskStatusReport(store: TaskStore, taskId: string, logger: Logger): (message: string) => Promise<void> {
  let warned = false;
  return async (message) => {
    try {
      await store.update(taskId, { statusMessage: String(message) });
    } catch (error) {
      if (warned) return;
      warned = true;
      logger.warn('task status message dropped: the task store did not take it (later ones of this step too)', {
        method: 'tools/call',
        taskId,
        error,
      });
    }
  };
}
