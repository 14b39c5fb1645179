import type { InputRequest } from '@modelcontextprotocol/server';
import { isJsonObject } from '../types/json-object';

/**
 * What a task keeps between its steps, server-side: the resolver's progress (answers so far), a direct-form
 * handler's own state, and how the wire keys it asked under map back to the handler's keys. The extension
 * forbids reusing a key within a task, so a question asked again (a bad answer) goes out under a new one.
 */
export interface TaskProgress {
  v: 1;
  resolver?: unknown;
  state?: unknown;
  /** wire key -> the handler's key (a dependency parameter's, or a direct-form handler's own). */
  wire: Record<string, string>;
  /** Every wire key this task has used. */
  used: string[];
}

export function readTaskProgress(raw: unknown): TaskProgress {
  if (!isJsonObject(raw) || raw.v !== 1 || !isJsonObject(raw.wire) || !Array.isArray(raw.used))
    return { v: 1, wire: {}, used: [] };
  return raw as unknown as TaskProgress;
}

/** This step's answers under the handler's keys. */
export function answersByHandlerKey(progress: TaskProgress, received: Record<string, unknown> | undefined) {
  const answers: Record<string, unknown> = {};
  for (const [wireKey, value] of Object.entries(received ?? {})) {
    const key = progress.wire[wireKey];
    if (key !== undefined) answers[key] = value;
  }
  return answers;
}

/** The questions under fresh wire keys (the handler's own key the first time, then `key~2`, `key~3`...). */
export function underFreshKeys(
  progress: TaskProgress,
  requests: Record<string, InputRequest>,
): { inputRequests: Record<string, InputRequest>; progress: TaskProgress } {
  const used = new Set(progress.used);
  const wire: Record<string, string> = {};
  const inputRequests: Record<string, InputRequest> = {};
  for (const [key, request] of Object.entries(requests)) {
    let wireKey = key;
    for (let n = 2; used.has(wireKey); n++) wireKey = `${key}~${n}`;
    used.add(wireKey);
    wire[wireKey] = key;
    inputRequests[wireKey] = request;
  }
  return { inputRequests, progress: { ...progress, wire, used: [...used] } };
}
