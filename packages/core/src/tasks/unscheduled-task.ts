import { JsonRpcCode } from '../errors/json-rpc-codes';
import type { Logger } from '../logging/logger';
import type { StoredTask } from './stored-task';
import type { TaskStore } from './task-store';
import { throughStoreOutage } from './through-store-outage';

/**
 * A task whose record was written but whose first step the queue refused (its Redis went down between the
 * two): no step will ever run it, and its creating call is refused (retryable) so the client sends it again.
 * The task is failed here, before that answer, with `data.reason: 'not_scheduled'`: the resend without an
 * idempotency key makes a new task and the first is no duplicate left `working`; a resend with the same key
 * is answered with this task, whose error says to use a new key. Nothing of the tool ran for it.
 *
 * When the store refuses this write too, it is tried again behind the answer (as a step's outcome is); if
 * that also fails, the task reads `working` until its `ttlMs` ends, and the server log names it.
 */
export async function failUnscheduled(store: TaskStore, task: StoredTask, logger: Logger): Promise<void> {
  const resend =
    task.idempotencyKey === undefined
      ? 'the call was refused: send it again'
      : 'its idempotency key stays with this task: send the call again with a new idempotency key';
  const message = `The task could not be scheduled (the task queue did not take its first step), so nothing ran; ${resend}.`;
  const change = {
    status: 'failed' as const,
    error: { code: JsonRpcCode.InternalError, message, data: { reason: 'not_scheduled' } },
    statusMessage: message,
  };
  const write = () => store.update(task.taskId, change);
  try {
    await write();
  } catch {
    void throughStoreOutage(write).catch((error: unknown) =>
      logger.error('a task that could not be scheduled could not be failed either: it reads working until it expires', {
        method: 'tools/call',
        taskId: task.taskId,
        error,
      }),
    );
  }
}
