import type { McpSubscription } from '@modelcontextprotocol/client';
import type { Sleep } from '../rounds/sleep';
import type { TaskListener } from './task-listener';
import { TaskWatch } from './task-watch';
import type { TaskInfo } from './task-wire.types';

/** Any params: a notification is only a hint to poll now, so nothing in it is trusted beyond its task id. */
const anyParams = {
  '~standard': {
    version: 1 as const,
    vendor: 'tessera',
    types: undefined as unknown as { input: Record<string, unknown>; output: Record<string, unknown> },
    validate: (value: unknown) => ({ value: value as Record<string, unknown> }),
  },
};

/** A task being watched, and how to stop watching it. */
export interface WatchedTask {
  watch: TaskWatch;
  stop(): void;
}

/**
 * `notifications/tasks` for the tasks a client follows. Following a task on a 2026-07-28 connection opens a
 * `subscriptions/listen` stream naming it, in the background: the poll loop never waits for it. Each
 * notification of the task wakes the loop, which then asks `tasks/get` at once instead of at its next poll;
 * the task itself is still read from `tasks/get`. A server that refuses the stream, does not acknowledge
 * the task, or drops the stream leaves the loop polling as before. The handler for `notifications/tasks` on
 * the SDK client is this one.
 */
export class TaskNotifications {
  private readonly watches = new Map<string, Set<TaskWatch>>();

  constructor(
    private readonly listener: TaskListener,
    private readonly sleep: Sleep,
  ) {
    listener.sdk.setNotificationHandler('notifications/tasks', { params: anyParams }, (params) => this.heard(params));
  }

  /** Starts watching `taskId`; undefined on a 2025-era connection, which has no listen streams. */
  watch(taskId: string): WatchedTask | undefined {
    if (this.listener.sdk.getProtocolEra() !== 'modern') return undefined;
    const watch = new TaskWatch(this.sleep);
    const watching = this.watches.get(taskId) ?? new Set<TaskWatch>();
    watching.add(watch);
    this.watches.set(taskId, watching);
    const closing = new AbortController();
    let subscription: McpSubscription | undefined;
    this.listener.listenForTask(taskId, { signal: closing.signal }).then(
      (opened) => {
        subscription = opened.subscription;
        if (closing.signal.aborted || !opened.honoured) void opened.subscription.close();
        // a change made before the acknowledgement went unheard: look once now
        else watch.heard('look');
      },
      () => undefined, // no stream: the loop polls
    );
    return {
      watch,
      stop: () => {
        closing.abort();
        void subscription?.close();
        watching.delete(watch);
        if (watching.size === 0 && this.watches.get(taskId) === watching) this.watches.delete(taskId);
      },
    };
  }

  private heard(params: Record<string, unknown>): void {
    const { taskId, status, statusMessage, lastUpdatedAt } = params;
    if (typeof taskId !== 'string' || typeof status !== 'string') return;
    const task = { taskId, status, statusMessage, lastUpdatedAt } as TaskInfo;
    for (const watch of this.watches.get(taskId) ?? []) watch.heard(task);
  }
}
