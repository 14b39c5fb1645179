import type { TaskQueue } from './task-queue';
import type { TaskStore } from './task-store';

/** How an application serves task tools (`@Tool({ task: ... })`); every field has a default. */
export interface TasksOptions {
  /** Where tasks live. Default: `new MemoryTaskStore()` (this process only). */
  store?: TaskStore;
  /** How steps run. Default: `new MemoryTaskQueue()` (this process only). */
  queue?: TaskQueue;
  /** How long a task exists from its creation, whatever its status, in integer milliseconds. Default 1 hour. */
  ttlMs?: number;
  /** The polling interval suggested to clients, in integer milliseconds. Default 1000. */
  pollIntervalMs?: number;
  /** The largest result (as JSON bytes) a task keeps; a bigger one fails the task, saying so. Default 4 MiB. */
  maxResultBytes?: number;
}

export const DEFAULT_TASK_TTL_MS = 3_600_000;
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1_000;
