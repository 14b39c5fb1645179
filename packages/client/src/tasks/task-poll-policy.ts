/** How often to poll a task when the server suggests no interval. */
export const DEFAULT_TASK_POLL_MS = 1_000;
/** The longest wait between two polls, whatever the server suggests. */
export const MAX_TASK_POLL_MS = 30_000;
/** While nothing changes, waits grow to at most this many times the server's interval. */
const MAX_BACKOFF_FACTOR = 4;

export interface TaskPollOptions {
  /** The wait when the server gives no `pollIntervalMs`. Default 1000 ms. */
  defaultIntervalMs?: number;
  /** The longest wait between two polls. Default 30 s. */
  maxIntervalMs?: number;
  /**
   * Whether following a task also opens a `subscriptions/listen` stream for its `notifications/tasks`, so a
   * change is seen at once rather than at the next poll (2026-07-28 connections). Polling goes on either way.
   * Default true.
   */
  listen?: boolean;
}

/**
 * Waits between `tasks/get` polls: the server's `pollIntervalMs` (never faster), doubling while the task does
 * not change, up to four times that interval (and never beyond `maxIntervalMs`); a change resets it.
 */
export class TaskPollPolicy {
  private readonly defaultIntervalMs: number;
  private readonly maxIntervalMs: number;
  private unchanged = 0;

  constructor(options: TaskPollOptions = {}) {
    this.defaultIntervalMs = checkMs('tasks.defaultIntervalMs', options.defaultIntervalMs ?? DEFAULT_TASK_POLL_MS);
    this.maxIntervalMs = checkMs('tasks.maxIntervalMs', options.maxIntervalMs ?? MAX_TASK_POLL_MS);
  }

  /** The wait before the next poll, given the server's latest interval and whether the last poll saw a change. */
  next(pollIntervalMs: number | undefined, changed: boolean): number {
    this.unchanged = changed ? 0 : this.unchanged + 1;
    const base = Math.min(pollIntervalMs ?? this.defaultIntervalMs, this.maxIntervalMs);
    const factor = Math.min(2 ** this.unchanged, MAX_BACKOFF_FACTOR);
    return Math.min(base * factor, this.maxIntervalMs);
  }
}

function checkMs(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of milliseconds, got ${value}`);
  return value;
}
