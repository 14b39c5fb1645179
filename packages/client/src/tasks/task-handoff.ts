import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/**
 * The code of the error that carries a `resultType: "task"` answer from the transport to the leg that sent the
 * call. Never on the wire: it only exists between the transport tap and the SDK client's response handling.
 */
const TASK_HANDOFF_CODE = -32099;
const TASK_HANDOFF_MARK = 'tessera.client.task-handoff';

/**
 * A message as the SDK client should read it. The SDK does not consume `resultType: "task"` yet: it rejects the
 * answer as an unsupported result type and drops its payload (the task id with it). A response carrying a task
 * is turned into an error response that keeps the payload, so every other part of the leg (envelope, headers,
 * timeouts, cancellation) stays the SDK's; any other message is returned as it came.
 */
export function handOffTaskAnswer(message: JSONRPCMessage): JSONRPCMessage {
  const result = (message as { result?: unknown }).result;
  if (typeof result !== 'object' || result === null || (result as { resultType?: unknown }).resultType !== 'task')
    return message;
  return {
    jsonrpc: '2.0',
    id: (message as { id: string | number }).id,
    error: {
      code: TASK_HANDOFF_CODE,
      message: 'The server answered with a task.',
      data: { [TASK_HANDOFF_MARK]: true, task: result },
    },
  };
}

/** The task answer an error from `handOffTaskAnswer` carries; undefined for any other error. */
export function handedOffTask(error: unknown): Record<string, unknown> | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, data } = error as { code?: unknown; data?: Record<string, unknown> };
  if (code !== TASK_HANDOFF_CODE || typeof data !== 'object' || data === null) return undefined;
  if (data?.[TASK_HANDOFF_MARK] !== true) return undefined;
  return data.task as Record<string, unknown>;
}
