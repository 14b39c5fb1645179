import { InvalidTaskError } from '../errors/invalid-task.error';
import type { DetailedTask, TaskInfo, TaskStatus } from './task-wire.types';

const STATUSES: readonly TaskStatus[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

/**
 * Reads the `Task` fields of what the server sent (`CreateTaskResult`, a `tasks/get` answer), checking each
 * one the client relies on, so a malformed answer fails naming the field instead of surfacing later as a hang.
 */
export function parseTaskInfo(value: unknown, where: string): TaskInfo {
  if (!isObject(value)) throw new InvalidTaskError(where, 'the answer is not an object');
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs } = value;
  if (typeof taskId !== 'string' || taskId.length === 0)
    throw new InvalidTaskError(where, 'taskId must be a non-empty string');
  if (typeof status !== 'string' || !STATUSES.includes(status as TaskStatus))
    throw new InvalidTaskError(where, `status ${JSON.stringify(status)} is not one of ${STATUSES.join(', ')}`);
  if (statusMessage !== undefined && typeof statusMessage !== 'string')
    throw new InvalidTaskError(where, 'statusMessage must be a string');
  if (typeof createdAt !== 'string') throw new InvalidTaskError(where, 'createdAt must be an ISO 8601 string');
  if (typeof lastUpdatedAt !== 'string') throw new InvalidTaskError(where, 'lastUpdatedAt must be an ISO 8601 string');
  if (ttlMs !== null && !isNonNegativeInteger(ttlMs))
    throw new InvalidTaskError(where, 'ttlMs must be a non-negative integer or null');
  if (pollIntervalMs !== undefined && !isNonNegativeInteger(pollIntervalMs))
    throw new InvalidTaskError(where, 'pollIntervalMs must be a non-negative integer');
  const info: TaskInfo = {
    taskId,
    status: status as TaskStatus,
    ...(statusMessage !== undefined && { statusMessage }),
    createdAt,
    lastUpdatedAt,
    ttlMs: ttlMs as number | null,
    ...(pollIntervalMs !== undefined && { pollIntervalMs: pollIntervalMs as number }),
  };
  return info;
}

/** Reads a `tasks/get` answer: the `Task` fields plus its status payload (questions, result or error). */
export function parseDetailedTask(value: unknown, where: string): DetailedTask {
  const info = parseTaskInfo(value, where);
  if (!isObject(value)) throw new InvalidTaskError(where, 'the answer is not an object');
  if (info.status === 'input_required') {
    if (!isObject(value.inputRequests))
      throw new InvalidTaskError(where, 'an input_required task must carry an inputRequests object');
    return { ...info, status: 'input_required', inputRequests: value.inputRequests as never };
  }
  if (info.status === 'completed') {
    if (!isObject(value.result)) throw new InvalidTaskError(where, 'a completed task must carry a result object');
    // The result as callTool returns any other: without the wire's discriminator.
    const { resultType: _discriminator, ...result } = value.result;
    return { ...info, status: 'completed', result: result as never };
  }
  if (info.status === 'failed') {
    const error = value.error;
    if (!isObject(error) || typeof error.code !== 'number' || typeof error.message !== 'string')
      throw new InvalidTaskError(where, 'a failed task must carry an error { code, message }');
    return {
      ...info,
      status: 'failed',
      error: { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) },
    };
  }
  return { ...info, status: info.status };
}

/** A task's identity and timing without its payload (the shape `CreateTaskResult` and events carry). */
export function taskInfoOf(task: DetailedTask): TaskInfo {
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs } = task;
  return {
    taskId,
    status,
    ...(statusMessage !== undefined && { statusMessage }),
    createdAt,
    lastUpdatedAt,
    ttlMs,
    ...(pollIntervalMs !== undefined && { pollIntervalMs }),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonNegativeInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
