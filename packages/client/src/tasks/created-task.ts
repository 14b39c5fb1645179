import { InvalidTaskError } from '../errors/invalid-task.error';
import { describeCall, type McpCall } from '../flow/mcp-call';
import { parseTaskInfo } from './parse-task';
import { handedOffTask } from './task-handoff';
import type { TaskInfo } from './task-wire.types';

/** A leg's `resultType: "task"` answer, before the call decides to follow it or hand it back. */
export class CreatedTask {
  constructor(readonly info: TaskInfo) {}
}

/** The task a leg's error carries (see `handOffTaskAnswer`), checked; undefined for any other error. */
export function createdTaskOf(error: unknown, call: McpCall): CreatedTask | undefined {
  const task = handedOffTask(error);
  if (task === undefined) return undefined;
  const where = describeCall(call);
  // The extension allows a task only as the answer to tools/call.
  if (call.method !== 'tools/call') throw new InvalidTaskError(where, 'a task is a valid answer only to tools/call');
  return new CreatedTask(parseTaskInfo(task, where));
}

export function checkTaskId(taskId: string): string {
  if (typeof taskId !== 'string' || taskId.length === 0)
    throw new TypeError(`taskId must be a non-empty string, got ${JSON.stringify(taskId)}`);
  return taskId;
}
