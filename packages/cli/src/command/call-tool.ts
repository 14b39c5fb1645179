import type { CallToolResult } from '@modelcontextprotocol/client';
import type { TesseraClient } from '@tessera/client';
import { CliError } from '../errors/cli-error';
import { describeError } from '../describe-error';
import type { Interrupt } from '../input/interrupt';
import type { ProgressBar } from '../output/progress-bar';
import { TaskStatusLine } from '../output/task-status-line';

/** How long the `tasks/cancel` after Ctrl+C may take before the CLI gives up on it. */
const CANCEL_TIMEOUT_MS = 5_000;

/**
 * `tessera call`: the tool's result, following a task when the server answers with one (its status line
 * drawn live, its questions asked as they come). When the user stops the call (Ctrl+C), a task it became is
 * cancelled here rather than by the client, so the message can say whether the cancel went through.
 */
export async function callTool(
  client: TesseraClient,
  call: { name: string; arguments: Record<string, unknown> },
  ui: { progress: ProgressBar; interrupt: Interrupt },
): Promise<CallToolResult> {
  const status = new TaskStatusLine(ui.progress);
  try {
    return await ui.interrupt.during(() =>
      client.callTool(call, {
        onprogress: (p) => ui.progress.update(p),
        signal: ui.interrupt.signal,
        cancelOnAbort: false,
        hooks: { onTaskStatus: (event) => status.update(event) },
      }),
    );
  } catch (error) {
    const task = status.current;
    const stopped = ui.interrupt.reason;
    if (stopped === undefined || task === undefined || ['completed', 'failed', 'cancelled'].includes(task.status))
      throw error;
    ui.progress.clear();
    try {
      await client.task(task.taskId).cancel({ timeoutMs: CANCEL_TIMEOUT_MS });
    } catch (cancelError) {
      throw new CliError(
        `${stopped.message}; cancelling task ${task.taskId} failed: ${describeError(cancelError)}`,
        130,
      );
    }
    throw new CliError(`${stopped.message}; task ${task.taskId} was cancelled`, 130);
  } finally {
    status.stop();
  }
}
