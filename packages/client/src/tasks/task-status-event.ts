import type { McpCall } from '../flow/mcp-call';
import type { TaskInfo, TaskStatus } from './task-wire.types';

/** A task changed status or status message (`ctx.task.status('...')` on a Tessera server), as the client saw it. */
export interface TaskStatusEvent {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** The task's fields as last seen (timing, time to live, poll interval), without its payload. */
  task: TaskInfo;
  /** The call that created the task, when this client made it. */
  call?: McpCall;
}
