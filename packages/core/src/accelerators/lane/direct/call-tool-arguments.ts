import { RELATED_TASK_META_KEY } from '@modelcontextprotocol/server';
import { isJsonObject } from '../../../types/json-object';
import { isRequestId } from './classify-inbound';
import { checkSpecType } from './sdk-schema-check';

/**
 * The arguments the SDK hands a tool's handler for a `tools/call` with these params: the output of its
 * `CallToolRequest` schema (`{}` when there are none), or undefined when the schema refuses the request.
 * For the usual params (a name; arguments that are an object without a `__proto__` key, which the schema
 * drops; a `_meta` and a `task` of the plain shapes) the schema's verdict and output are read off the
 * params, the arguments object being the one given; anything else is the schema's to check. Held to the
 * schema by a seeded differential fuzz test (call-tool-arguments.fuzz.test.ts).
 */
export function callToolArguments(params: Record<string, unknown>): Record<string, unknown> | undefined {
  const quick = quickArguments(params);
  if (quick) return quick;
  const checked = checkSpecType('CallToolRequest', { method: 'tools/call', params });
  if (!checked.ok) return undefined;
  return (checked.value as { params: { arguments?: Record<string, unknown> } }).params.arguments ?? {};
}

/** The arguments of params the schema surely takes, as it gives them; undefined when that is for it to say. */
export function quickArguments(params: Record<string, unknown>): Record<string, unknown> | undefined {
  if (typeof params.name !== 'string') return undefined;
  const { task, _meta: meta } = params;
  if (task !== undefined && !(isJsonObject(task) && (task.ttl === undefined || Number.isFinite(task.ttl))))
    return undefined;
  if (meta !== undefined && !isPlainRequestMeta(meta)) return undefined;
  const args = params.arguments;
  if (args === undefined) return {};
  if (!isJsonObject(args) || Object.hasOwn(args, '__proto__')) return undefined;
  return args;
}

/** A request `_meta` the schema takes: a progress token and a related task absent or of their types. */
function isPlainRequestMeta(meta: unknown): boolean {
  if (!isJsonObject(meta)) return false;
  if (meta.progressToken !== undefined && !isRequestId(meta.progressToken)) return false;
  const related = meta[RELATED_TASK_META_KEY];
  return related === undefined || (isJsonObject(related) && typeof related.taskId === 'string');
}
