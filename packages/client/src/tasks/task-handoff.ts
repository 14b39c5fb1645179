import { Client as SdkClient, type JSONRPCResponse } from '@modelcontextprotocol/client';

/**
 * The code of the error that carries a `resultType: "task"` answer from the SDK client's response handling
 * to ours. Never on the wire: it only exists between `_onresponse` and the leg that sent the call.
 */
const TASK_HANDOFF_CODE = -32099;
const TASK_HANDOFF_MARK = 'tessera.client.task-handoff';

/**
 * The SDK client, able to hand a task answer back to the caller. The SDK does not consume
 * `resultType: "task"` yet: it rejects the answer as an unsupported result type and drops its payload (the
 * task id with it). This subclass turns such a response into an error that keeps the payload, through the
 * SDK's documented `_onresponse` override point, so every other part of the leg (envelope, headers,
 * timeouts, cancellation) stays the SDK's.
 */
export class TaskAwareSdkClient extends SdkClient {
  protected override _onresponse(response: JSONRPCResponse): void {
    const result = (response as { result?: unknown }).result;
    if (typeof result === 'object' && result !== null && (result as { resultType?: unknown }).resultType === 'task') {
      super._onresponse({
        jsonrpc: '2.0',
        id: response.id,
        error: {
          code: TASK_HANDOFF_CODE,
          message: 'The server answered with a task.',
          data: { [TASK_HANDOFF_MARK]: true, task: result },
        },
      } as JSONRPCResponse);
      return;
    }
    super._onresponse(response);
  }
}

/** The task answer an error from `TaskAwareSdkClient` carries; undefined for any other error. */
export function handedOffTask(error: unknown): Record<string, unknown> | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, data } = error as { code?: unknown; data?: Record<string, unknown> };
  if (code !== TASK_HANDOFF_CODE || typeof data !== 'object' || data === null) return undefined;
  if (data?.[TASK_HANDOFF_MARK] !== true) return undefined;
  return data.task as Record<string, unknown>;
}
