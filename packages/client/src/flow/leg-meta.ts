import {
  LOG_LEVEL_META_KEY,
  type ClientCapabilities,
  type LoggingLevel,
  type ProgressCallback,
} from '@modelcontextprotocol/client';
import { IDEMPOTENCY_KEY_META } from '@tessera/common';
import { tasksMeta } from '../tasks/task-requests';
import type { McpCall } from './mcp-call';
import type { TraceMeta } from './trace-meta';

/** What every wire leg of one call shares. */
export interface LegOptions {
  onprogress?: ProgressCallback;
  timeout?: number;
  traceMeta?: TraceMeta;
}

export interface LegMetaInputs {
  /** The log level to ask for on a 2026-07-28 connection, if any. */
  logLevel?: LoggingLevel;
  /** The active span's trace context, read when the call began. */
  traceMeta?: TraceMeta;
  /** The client's capabilities, when a tool call should declare the Tasks extension on the request. */
  tasksFor?: ClientCapabilities;
  /** This leg's idempotency key (the same on each resend of the leg). */
  idempotencyKey?: string;
}

/**
 * A leg's `_meta`: the log level, the trace context, the Tasks extension's per-request capability and the
 * leg's idempotency key, under the caller's own `_meta`, which wins (as a whole for the trace: a traceparent
 * of the caller's never travels with the active span's tracestate).
 */
export function legMeta(call: McpCall, inputs: LegMetaInputs): Record<string, unknown> | undefined {
  const traceMeta = call._meta?.traceparent === undefined ? inputs.traceMeta : undefined;
  const withTasks = inputs.tasksFor !== undefined && call.method === 'tools/call';
  if (inputs.logLevel === undefined && inputs.idempotencyKey === undefined && traceMeta === undefined && !withTasks)
    return call._meta;
  // Written field by field (twice a flow at least): the same keys, in the same order, as spreading each part.
  const meta: Record<string, unknown> = {};
  if (inputs.logLevel !== undefined) meta[LOG_LEVEL_META_KEY] = inputs.logLevel;
  if (inputs.idempotencyKey !== undefined) meta[IDEMPOTENCY_KEY_META] = inputs.idempotencyKey;
  if (traceMeta !== undefined) Object.assign(meta, traceMeta);
  if (withTasks) Object.assign(meta, tasksMeta(inputs.tasksFor!));
  return call._meta === undefined ? meta : Object.assign(meta, call._meta);
}
