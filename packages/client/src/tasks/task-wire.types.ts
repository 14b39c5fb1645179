import type { CallToolResult, InputRequests } from '@modelcontextprotocol/client';

/** The Tasks extension's identifier, declared under `capabilities.extensions` on both sides. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** What every task message carries (`CreateTaskResult`, `tasks/get`, `notifications/tasks`). */
export interface TaskInfo {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  lastUpdatedAt: string;
  /** From `createdAt`, in milliseconds; `null` for unlimited. */
  ttlMs: number | null;
  /** The polling interval the server suggests, in milliseconds. */
  pollIntervalMs?: number;
}

/** The JSON-RPC error a failed task carries. */
export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

/** A task with its status payload, as `tasks/get` answers it. */
export type DetailedTask =
  | (TaskInfo & { status: 'working' })
  | (TaskInfo & { status: 'input_required'; inputRequests: InputRequests })
  | (TaskInfo & { status: 'completed'; result: CallToolResult })
  | (TaskInfo & { status: 'failed'; error: TaskError })
  | (TaskInfo & { status: 'cancelled' });

export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];
