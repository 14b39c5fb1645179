import type { CallToolResult, InputResponses } from '@modelcontextprotocol/client';
import type { McpCall } from '../flow/mcp-call';
import type { TaskRequestOptions } from './task-requests';
import type { DetailedTask, TaskInfo } from './task-wire.types';
import type { TaskDriveOptions } from './task-drive-options';

/** What a handle needs from its client: the three task requests and the automatic drive. */
export interface TaskPort {
  get(taskId: string, options: TaskRequestOptions, seen?: TaskInfo): Promise<DetailedTask>;
  update(taskId: string, inputResponses: InputResponses, options: TaskRequestOptions, seen?: TaskInfo): Promise<void>;
  cancel(taskId: string, options: TaskRequestOptions, seen?: TaskInfo): Promise<void>;
  drive(taskId: string, options: TaskDriveOptions, seen?: TaskInfo, call?: McpCall): Promise<CallToolResult>;
}

/**
 * A task on the server, followed by hand (`callTool(..., { task: 'handle' })`, `client.task(taskId)`). Poll it
 * with `get`, answer its questions with `update`, stop it with `cancel`, or hand it back to the automatic
 * loop with `result`. Persist `taskId` to pick the task up in another process (`client.resumeTask`).
 */
let build: (port: TaskPort, taskId: string, seen?: TaskInfo, call?: McpCall) => TaskHandle;

export class TaskHandle {
  private seen: TaskInfo | undefined;

  static {
    build = (port, taskId, seen, call) => new TaskHandle(port, taskId, seen, call);
  }

  private constructor(
    private readonly port: TaskPort,
    readonly taskId: string,
    seen?: TaskInfo,
    /** The call that created the task, when this client made it. */
    readonly call?: McpCall,
  ) {
    this.seen = seen;
  }

  /** The task as last seen by this handle (the `CreateTaskResult`, then each `get`); undefined before any. */
  get latest(): TaskInfo | undefined {
    return this.seen;
  }

  /** `tasks/get`: the task with its status payload (questions, result or error). */
  async get(options: TaskRequestOptions = {}): Promise<DetailedTask> {
    const task = await this.port.get(this.taskId, options, this.seen);
    this.seen = task;
    return task;
  }

  /** `tasks/update`: answers some or all of the questions an `input_required` task shows, under their keys. */
  update(inputResponses: InputResponses, options: TaskRequestOptions = {}): Promise<void> {
    return this.port.update(this.taskId, inputResponses, options, this.seen);
  }

  /** `tasks/cancel`: asks the server to stop the task (cooperative; it may still complete). */
  cancel(options: TaskRequestOptions = {}): Promise<void> {
    return this.port.cancel(this.taskId, options, this.seen);
  }

  /** Follows the task to its result with the client's callbacks, as `callTool` does by default. */
  result(options: TaskDriveOptions = {}): Promise<CallToolResult> {
    return this.port.drive(this.taskId, options, this.seen, this.call);
  }

  /** The handle as JSON: the task id, enough for `client.resumeTask` or `client.task` elsewhere. */
  toJSON(): { taskId: string } {
    return { taskId: this.taskId };
  }
}

/** A handle over the client's task requests (`TaskPort` is internal: handles come from the client). */
export function createTaskHandle(port: TaskPort, taskId: string, seen?: TaskInfo, call?: McpCall): TaskHandle {
  return build(port, taskId, seen, call);
}
