import type { StoredTask } from './stored-task';

/** The `Task` fields every task message carries (`CreateTaskResult`, `tasks/get`, `notifications/tasks`). */
function taskFields(task: StoredTask): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    taskId: task.taskId,
    status: task.status,
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
  };
  if (task.statusMessage !== undefined) fields.statusMessage = task.statusMessage;
  return fields;
}

/** The answer to the `tools/call` that created the task: `Result & Task`, flat, nothing of its payload. */
export function createTaskResult(task: StoredTask): Record<string, unknown> {
  return { resultType: 'task', ...taskFields(task) };
}

/**
 * The `DetailedTask` for the task's status: outstanding `inputRequests`, the inlined `result`, or the
 * `error`. Never a `requestState`: a task keeps its answers server-side.
 */
export function detailedTask(task: StoredTask): Record<string, unknown> {
  const detailed = taskFields(task);
  if (task.status === 'input_required') detailed.inputRequests = task.inputRequests ?? {};
  // The inlined result is the CallToolResult as the 2026-07-28 wire carries it, discriminator included: the
  // extension's requester validates it as one.
  if (task.status === 'completed') detailed.result = { resultType: 'complete', ...(task.result ?? { content: [] }) };
  if (task.status === 'failed') detailed.error = task.error ?? { code: -32603, message: 'The task failed.' };
  return detailed;
}

/** The `tasks/get` answer. */
export function getTaskResult(task: StoredTask): Record<string, unknown> {
  return { resultType: 'complete', ...detailedTask(task) };
}
