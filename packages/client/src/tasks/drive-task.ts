import type { CallToolResult, InputRequests } from '@modelcontextprotocol/client';
import type { InputAnswerer } from '../callbacks/input-answerer';
import { TaskCancelledError } from '../errors/task-cancelled.error';
import { TaskFailedError } from '../errors/task-failed.error';
import { TaskRoundsExceededError } from '../errors/task-rounds-exceeded.error';
import type { McpCall } from '../flow/mcp-call';
import { fulfilRound } from '../rounds/fulfil-round';
import type { RoundHooks } from '../rounds/round-hooks.types';
import type { Sleep } from '../rounds/sleep';
import { taskInfoOf } from './parse-task';
import type { TaskPollPolicy } from './task-poll-policy';
import type { TaskRequests } from './task-requests';
import type { TaskWatch } from './task-watch';
import type { DetailedTask, TaskInfo } from './task-wire.types';

export interface DriveTaskOptions {
  taskId: string;
  /** The task as last seen (the `CreateTaskResult`), if any; otherwise the first step is a `tasks/get`. */
  seen?: TaskInfo;
  /** The call that created the task, when this process made it (hooks and callbacks see it). */
  call?: McpCall;
  requests: TaskRequests;
  answerer: InputAnswerer;
  hooks: Required<RoundHooks>;
  sleep: Sleep;
  signal: AbortSignal;
  poll: TaskPollPolicy;
  /** Cuts the waits between polls short when `notifications/tasks` says the task changed; `sleep` otherwise. */
  watch?: TaskWatch;
  /** How many sets of questions the client answers; a task asking past them ends the drive (`TaskRoundsExceededError`). */
  maxRounds: number;
  /** Updated with every state seen, so a caller that stops the drive knows where the task stood. */
  observe?: (task: TaskInfo) => void;
}

/**
 * Follows a task to its end: polls `tasks/get` at the server's interval (see `TaskPollPolicy`; sooner when a
 * `notifications/tasks` wakes the `watch`), answers each
 * new question of an `input_required` task through the callbacks and sends the answers with `tasks/update`,
 * and reports every change of status or status message to `onTaskStatus`. A question is put to the user once,
 * however many polls show it (the extension's keys are unique over a task's life); new questions after
 * `maxRounds` answered sets throw `TaskRoundsExceededError` unasked. Returns the tool's result; a failed or
 * cancelled task throws `TaskFailedError` / `TaskCancelledError`.
 */
export async function driveTask(options: DriveTaskOptions): Promise<CallToolResult> {
  const { taskId, requests, signal, hooks, poll } = options;
  const where =
    options.call === undefined ? `task ${taskId}` : `task ${taskId} of tools/call '${callName(options.call)}'`;
  const answered = new Set<string>();
  let last: TaskInfo | undefined;
  let round = 0;

  const see = async (task: TaskInfo): Promise<boolean> => {
    const previous = last;
    last = taskInfoOf(task as DetailedTask);
    options.observe?.(last);
    const moved =
      previous === undefined || previous.status !== task.status || previous.statusMessage !== task.statusMessage;
    if (moved)
      await hooks.onTaskStatus({
        taskId,
        status: task.status,
        statusMessage: task.statusMessage,
        task: last,
        call: options.call,
      });
    return moved || previous.lastUpdatedAt !== task.lastUpdatedAt;
  };
  const get = () => requests.get(taskId, { signal, hooks }, last);
  const wait = (ms: number) => (options.watch ? options.watch.wait(ms, signal, last) : options.sleep(ms, signal));

  let task: DetailedTask;
  if (options.seen !== undefined) {
    const changed = await see(options.seen);
    // A new task usually starts working: give it the server's interval before the first poll.
    if (options.seen.status === 'working') await wait(poll.next(options.seen.pollIntervalMs, changed));
    task = await get();
  } else task = await get();

  for (;;) {
    const changed = await see(task);
    if (task.status === 'completed') return task.result;
    if (task.status === 'failed') throw new TaskFailedError(taskId, task.error, task.statusMessage);
    if (task.status === 'cancelled') throw new TaskCancelledError(taskId, task.statusMessage);
    if (task.status === 'input_required') {
      const pending = unanswered(task.inputRequests, answered);
      if (pending !== undefined) {
        if (round >= options.maxRounds)
          throw new TaskRoundsExceededError(taskId, where, round, options.maxRounds, pending);
        round++;
        const inputResponses = await fulfilRound(options.answerer, pending, {
          where,
          signal,
          hooks,
          call: options.call,
          round,
        });
        await requests.update(taskId, inputResponses, { signal, hooks }, last);
        for (const key of Object.keys(pending)) answered.add(key);
        // The answers are the progress the task waited for: look again at once, without backing off.
        task = await get();
        continue;
      }
    }
    await wait(poll.next(task.pollIntervalMs, changed));
    task = await get();
  }
}

/** The requests not yet answered, or undefined when every one shown has been. */
function unanswered(inputRequests: InputRequests, answered: ReadonlySet<string>): InputRequests | undefined {
  const pending = Object.entries(inputRequests).filter(([key]) => !answered.has(key));
  return pending.length === 0 ? undefined : Object.fromEntries(pending);
}

function callName(call: McpCall): string {
  return call.method === 'resources/read' ? call.uri : call.name;
}
