import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';

/**
 * SEP-1034: an accepted form answer gets the schema's `default` for every field the answer leaves out, so a
 * user who accepts the pre-filled form sends what it showed. Elicitation schemas are flat (primitive fields
 * only), so only top-level properties have defaults. The same fill the SDK client runs on push requests when
 * `elicitation.form.applyDefaults` is declared; its helper is not public, and the 2026-07-28 rounds need it too.
 */
export function withSchemaDefaults(params: ElicitRequest['params'], result: ElicitResult): ElicitResult {
  if (result.action !== 'accept' || !('requestedSchema' in params)) return result;
  const properties = params.requestedSchema?.properties ?? {};
  const content: Record<string, unknown> = { ...(result.content ?? {}) };
  let filled = false;
  for (const [name, field] of Object.entries(properties)) {
    if (content[name] !== undefined || !Object.prototype.hasOwnProperty.call(field, 'default')) continue;
    content[name] = (field as { default: unknown }).default;
    filled = true;
  }
  return filled ? { ...result, content: content as ElicitResult['content'] } : result;
}
