import {
  LOG_LEVEL_META_KEY,
  type ClientCapabilities,
  type LoggingLevel,
  type ProgressCallback,
} from '@modelcontextprotocol/client';
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
}

/**
 * A leg's `_meta`: the log level, the trace context and the Tasks extension's per-request capability, under
 * the caller's own `_meta`, which wins (as a whole for the trace: a traceparent of the caller's never travels
 * with the active span's tracestate).
 */
export function legMeta(call: McpCall, inputs: LegMetaInputs): Record<string, unknown> | undefined {
  const logMeta = inputs.logLevel !== undefined ? { [LOG_LEVEL_META_KEY]: inputs.logLevel } : undefined;
  const traceMeta = call._meta?.traceparent === undefined ? inputs.traceMeta : undefined;
  const taskMeta =
    inputs.tasksFor !== undefined && call.method === 'tools/call' ? tasksMeta(inputs.tasksFor) : undefined;
  if (logMeta === undefined && traceMeta === undefined && taskMeta === undefined) return call._meta;
  return { ...logMeta, ...traceMeta, ...taskMeta, ...call._meta };
}
