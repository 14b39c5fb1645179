import type { CallToolResult, InputRequiredResult, InputResponses } from '@modelcontextprotocol/server';
import type { TaskHandle } from '@tessera/client';
import { ToolError, type ExecutionContext } from '@tessera/core';
import type { RemoteConnection } from './remote-connection';

/** What a mounted call keeps while the remote runs it as a task: the remote's task id, inside our state. */
export interface RemoteTaskState {
  task: string;
}

const MIN_POLL_MS = 10;
const MAX_POLL_MS = 1000;

export function isRemoteTaskState(state: unknown): state is RemoteTaskState {
  return typeof state === 'object' && state !== null && typeof (state as RemoteTaskState).task === 'string';
}

/**
 * Follows a task the remote made for a forwarded call, inside our call: polls it (at the remote's suggested
 * interval) until it ends or asks. Its questions become our `input_required` round, the remote's task id
 * travelling in our state (sealed by core, or kept in our own task's record), never in the caller's hands;
 * the next round's answers go to the remote with `tasks/update`. Its result is our result; a failed or
 * cancelled task is a tool error naming the mount, and so is one that neither ends nor asks within the mount's
 * `remoteTaskTimeoutMs` (then cancelled: a remote that never finishes must not hold our call forever).
 */
export async function followRemoteTask(
  connection: RemoteConnection,
  ctx: ExecutionContext,
  what: string,
  handle: TaskHandle,
): Promise<CallToolResult | InputRequiredResult> {
  const options = { signal: ctx.signal, timeoutMs: connection.callTimeoutMs };
  const fail = (reason: string): never => {
    throw new ToolError(`mount "${connection.options.prefix}": ${what} failed on the remote server: ${reason}`);
  };
  const send = <T>(request: () => Promise<T>) => connection.as(ctx.authInfo?.token, request);
  if (ctx.inputResponses !== undefined && Object.keys(ctx.inputResponses).length > 0)
    await send(() => handle.update(ctx.inputResponses as InputResponses, options));
  const deadline = Date.now() + connection.remoteTaskTimeoutMs;
  try {
    for (;;) {
      const task = await send(() => handle.get(options));
      if (task.status === 'completed') return task.result;
      if (task.status === 'failed') return fail(`task ${task.error.message}`);
      if (task.status === 'cancelled') return fail('its task was cancelled');
      if (task.status === 'input_required') {
        const state: RemoteTaskState = { task: handle.taskId };
        return {
          resultType: 'input_required',
          inputRequests: task.inputRequests,
          requestState: state as unknown as string,
        } as InputRequiredResult;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        await send(() => handle.cancel()).catch(() => undefined);
        return fail(
          `its task neither ended nor asked within ${connection.remoteTaskTimeoutMs} ms (remoteTaskTimeoutMs), so it was cancelled`,
        );
      }
      const interval = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, task.pollIntervalMs ?? MIN_POLL_MS));
      await pause(Math.min(interval, left), ctx.signal);
    }
  } catch (error) {
    // our caller stopped waiting: the remote's task is stopped too (best effort)
    if (ctx.signal.aborted) await send(() => handle.cancel()).catch(() => undefined);
    throw error;
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
