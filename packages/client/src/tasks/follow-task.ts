import type { CallToolResult } from '@modelcontextprotocol/client';
import type { InputAnswerer } from '../callbacks/input-answerer';
import { NotConnectedError } from '../errors/not-connected.error';
import { TaskRoundsExceededError } from '../errors/task-rounds-exceeded.error';
import type { McpCall } from '../flow/mcp-call';
import { checkMaxRounds } from '../client/client-options';
import { createCallSignal, type CallSignal } from '../rounds/call-signal';
import { mergeHooks } from '../rounds/merge-hooks';
import { raceAbort } from '../rounds/race-abort';
import type { RoundHooks } from '../rounds/round-hooks.types';
import type { Sleep } from '../rounds/sleep';
import { driveTask } from './drive-task';
import type { TaskDriveOptions } from './task-drive-options';
import type { TaskPort } from './task-handle';
import { TaskPollPolicy, type TaskPollOptions } from './task-poll-policy';
import type { TaskListener } from './task-listener';
import { TaskNotifications } from './task-notifications';
import type { TaskRequests } from './task-requests';
import { TERMINAL_TASK_STATUSES, type TaskInfo } from './task-wire.types';

/** How long a best-effort `tasks/cancel` after a stopped call may take. */
const CANCEL_ON_STOP_TIMEOUT_MS = 5_000;

/** What following a task needs from the client. */
export interface TaskFollowerContext {
  requests: TaskRequests;
  answerer: InputAnswerer;
  hooks?: RoundHooks;
  sleep: Sleep;
  poll?: TaskPollOptions;
  /** The client's default wall-clock limit per call. */
  timeoutMs?: number;
  /** The client's default bound on the sets of questions a task may ask. */
  maxRounds: number;
  isConnected: () => boolean;
  /** What opens `notifications/tasks` listen streams, unless `poll.listen` is false. */
  listenOn?: TaskListener;
}

/**
 * Follows tasks for one client under a call's signal: `driveTask`, and when the signal fires (the caller's
 * abort or the time limit) a bounded, best-effort `tasks/cancel`, unless the caller said `cancelOnAbort: false`.
 * A task that asks past `maxRounds` is cancelled too: nobody will answer it any more.
 */
export class TaskFollower {
  /** What `TaskHandle`s of this client call. */
  readonly port: TaskPort;
  private readonly notifications: TaskNotifications | undefined;

  constructor(private readonly context: TaskFollowerContext) {
    const { listenOn, poll } = context;
    this.notifications =
      listenOn === undefined || poll?.listen === false ? undefined : new TaskNotifications(listenOn, context.sleep);
    this.port = {
      get: (taskId, o, seen) => this.connected('tasks/get').get(taskId, o, seen),
      update: (taskId, responses, o, seen) => this.connected('tasks/update').update(taskId, responses, o, seen),
      cancel: (taskId, o, seen) => this.connected('tasks/cancel').cancel(taskId, o, seen),
      drive: (taskId, o, seen, call) => this.resume(taskId, o, seen, call),
    };
  }

  /** `resumeTask` and `TaskHandle.result`: follows a task under its own signal and time limit. */
  async resume(taskId: string, options: TaskDriveOptions, seen?: TaskInfo, call?: McpCall): Promise<CallToolResult> {
    this.connected('tasks/get');
    const stop = createCallSignal(`task ${taskId}`, {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? this.context.timeoutMs,
    });
    try {
      return await this.follow(taskId, options, stop, seen, call);
    } catch (error) {
      throw stop.explain(error);
    } finally {
      stop.dispose();
    }
  }

  async follow(
    taskId: string,
    options: { hooks?: RoundHooks; cancelOnAbort?: boolean; maxRounds?: number },
    stop: CallSignal,
    seen?: TaskInfo,
    call?: McpCall,
  ): Promise<CallToolResult> {
    let latest = seen;
    const watching = this.notifications?.watch(taskId);
    try {
      return await raceAbort(
        driveTask({
          taskId,
          seen,
          call,
          requests: this.context.requests,
          answerer: this.context.answerer,
          hooks: mergeHooks(this.context.hooks, options.hooks),
          sleep: this.context.sleep,
          signal: stop.signal,
          poll: new TaskPollPolicy(this.context.poll),
          watch: watching?.watch,
          maxRounds: checkMaxRounds(options.maxRounds ?? this.context.maxRounds),
          observe: (task) => (latest = task),
        }),
        stop.signal,
      );
    } catch (error) {
      const ended = latest !== undefined && TERMINAL_TASK_STATUSES.includes(latest.status);
      const stopped = stop.signal.aborted && options.cancelOnAbort !== false;
      if ((stopped || error instanceof TaskRoundsExceededError) && !ended) await this.cancelQuietly(taskId, latest);
      throw error;
    } finally {
      watching?.stop();
    }
  }

  private connected(method: string): TaskRequests {
    if (!this.context.isConnected()) throw new NotConnectedError(method);
    return this.context.requests;
  }

  /** A stopped call's `tasks/cancel`: its own failure never hides why the call stopped. */
  private async cancelQuietly(taskId: string, seen: TaskInfo | undefined): Promise<void> {
    try {
      await this.context.requests.cancel(taskId, { timeoutMs: CANCEL_ON_STOP_TIMEOUT_MS }, seen);
    } catch {
      // the task may be gone or the connection down; the caller learns why the call stopped, not this
    }
  }
}
