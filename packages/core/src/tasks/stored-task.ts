import type { ClientCapabilities, Implementation, InputRequest } from '@modelcontextprotocol/server';

/** A task's status, in the Tasks extension's words. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** The statuses a task never leaves. */
export type TerminalTaskStatus = Extract<TaskStatus, 'completed' | 'failed' | 'cancelled'>;

export function isTerminalStatus(status: TaskStatus): status is TerminalTaskStatus {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** The JSON-RPC error a `failed` task carries. */
export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * Who called, as far as a later step needs it: the verified auth without its bearer token (a stored task
 * never holds a credential), so a step resumed on another instance can still inject the principal.
 */
export interface TaskCaller {
  clientId: string;
  scopes: string[];
  extra?: Record<string, unknown>;
  expiresAt?: number;
  resource?: string;
}

/** The creating request's client, as its questions are checked against (capabilities are per request in 2026-07-28). */
export interface TaskClient {
  capabilities: ClientCapabilities;
  protocolVersion?: string;
  info?: Implementation;
}

/**
 * Everything a task carries server-side, in plain JSON so any store can keep it as it is. Times are epoch
 * milliseconds. Answers never travel back to the client: no `requestState` exists on the task surface.
 */
export interface StoredTask {
  /** 128 bits from a CSPRNG (see `task-id.ts`). */
  taskId: string;
  /** The principal binding of the caller that created it ('' without auth): only that caller sees the task. */
  owner: string;
  method: 'tools/call';
  /** The tool's name. */
  target: string;
  arguments: Record<string, unknown>;
  /** The creating call's idempotency key, if it had one: every step's `ctx.idempotencyKey`. */
  idempotencyKey?: string;
  caller?: TaskCaller;
  client: TaskClient;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: number;
  lastUpdatedAt: number;
  /** Integer milliseconds from `createdAt`; after that the task is gone (a clear not-found). */
  ttlMs: number;
  pollIntervalMs: number;
  /** Outstanding questions by wire key (`input_required` only); a key is never reused within one task. */
  inputRequests?: Record<string, InputRequest>;
  /** Answers received for outstanding keys and not yet read by a step, by wire key. */
  inputResponses?: Record<string, unknown>;
  /** The step's own progress between steps (the question resolver's answers so far); opaque to a store. */
  progress?: unknown;
  /** `completed`: the tool's `CallToolResult`. */
  result?: Record<string, unknown>;
  /** `failed`: the JSON-RPC error. */
  error?: TaskError;
}

/** The instant a task stops existing. */
export function expiresAt(task: Pick<StoredTask, 'createdAt' | 'ttlMs'>): number {
  return task.createdAt + task.ttlMs;
}
