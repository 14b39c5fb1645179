import { checkOptions } from '../errors/definition/check-options';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
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
  /**
   * The most tasks one caller may have in the store at once (a task counts from its creation until its
   * `ttlMs` ends, whatever its status); past it `tools/call` of a task tool is refused with -31429 naming the setting. Default 1 000.
   */
  maxTasksPerCaller?: number;
  /** The most tasks all callers together may have in the store at once (counted as above). Default 10 000. */
  maxTasks?: number;
  /** The most `subscriptions/listen` task streams one caller may hold open on this instance. Default 16. */
  maxListenStreamsPerCaller?: number;
  /** The most `subscriptions/listen` task streams open on this instance, all callers together. Default 1 000. */
  maxListenStreams?: number;
  /** The most task ids one `subscriptions/listen` filter may name. Default 256. */
  maxListenTaskIds?: number;
}

/** The numeric settings, resolved (the store and queue are the runtime's). */
export type ResolvedTasksSettings = Readonly<Required<Omit<TasksOptions, 'store' | 'queue'>>>;

export const DEFAULT_TASK_TTL_MS = 3_600_000;
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1_000;

export const DEFAULT_TASKS_SETTINGS: ResolvedTasksSettings = Object.freeze({
  ttlMs: DEFAULT_TASK_TTL_MS,
  pollIntervalMs: DEFAULT_TASK_POLL_INTERVAL_MS,
  maxResultBytes: 4 * 1024 * 1024,
  maxTasksPerCaller: 1_000,
  maxTasks: 10_000,
  maxListenStreamsPerCaller: 16,
  maxListenStreams: 1_000,
  maxListenTaskIds: 256,
});

/** Every key `tasks` may hold, with the unit a numeric one is written in (for its error message). */
const KNOWN = {
  store: undefined,
  queue: undefined,
  ttlMs: 'milliseconds',
  pollIntervalMs: 'milliseconds',
  maxResultBytes: 'bytes',
  maxTasksPerCaller: 'tasks',
  maxTasks: 'tasks',
  maxListenStreamsPerCaller: 'streams',
  maxListenStreams: 'streams',
  maxListenTaskIds: 'task ids',
} as const satisfies Record<keyof TasksOptions, string | undefined>;

/**
 * The module's `tasks` settings over the defaults, checked at startup: an unknown key (a misspelling such
 * as `ttlms`) is refused by name with the known ones listed, as `limits` is; a number must be a positive integer.
 */
export function resolveTasksSettings(options: TasksOptions | undefined): ResolvedTasksSettings {
  if (options === undefined) return DEFAULT_TASKS_SETTINGS;
  checkOptions(options, KNOWN, 'tasks');
  const resolved: Record<string, number> = { ...DEFAULT_TASKS_SETTINGS };
  for (const key of Object.keys(options)) {
    const unit = KNOWN[key as keyof TasksOptions];
    const value = options[key as keyof TasksOptions];
    if (unit === undefined || value === undefined) continue;
    if (!Number.isSafeInteger(value) || (value as number) <= 0)
      throw new InvalidConfigurationError(`tasks.${key} must be a positive integer of ${unit}, got ${String(value)}.`);
    resolved[key] = value as number;
  }
  return Object.freeze(resolved) as ResolvedTasksSettings;
}
