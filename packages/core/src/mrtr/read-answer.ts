import { validateElicitationContent } from '../validation/validate-elicitation-content';
import type { DependencyPlan } from './dependency-plan';
import type { RecordedOutcome } from './resolver-state';

/** A checked answer: what to record, and what the parameter receives. */
export type ReadAnswer = { ok: true; action: RecordedOutcome['action']; data?: unknown; value: unknown } | { ok: false; reason: string };

/**
 * Checks an untrusted answer against its question: the response's shape for the kind of request, and
 * for an accepted form the content against the question's schema (a DTO answer becomes its instance).
 */
export function readAnswer(dep: DependencyPlan, response: unknown): ReadAnswer {
  if (!isRecord(response)) return { ok: false, reason: 'not an object' };
  const spec = dep.spec;
  if (spec.type === 'elicit') {
    const action = response.action;
    if (action === 'decline' || action === 'cancel') return { ok: true, action, value: { action } };
    if (action !== 'accept') return { ok: false, reason: 'action is not accept, decline or cancel' };
    if (spec.mode === 'url') return { ok: true, action, value: { action } };
    const content = response.content ?? {};
    const checked = dep.dto ? validateElicitationContent(dep.dto, content) : validateElicitationContent(dep.requestedSchema as Record<string, unknown>, content);
    // The validator's own sentences ("region must be one of ..."), without the `path:` prefixes: this reason is
    // shown to the user in the re-asked question.
    if (!checked.ok) return { ok: false, reason: checked.issues.flatMap((i) => i.messages).join('; ') };
    return { ok: true, action, data: response.content, value: { action, content: checked.value } };
  }
  if (spec.type === 'sample') {
    if (typeof response.model !== 'string' || response.role !== 'assistant' || !isSamplingContent(response.content)) {
      return { ok: false, reason: 'not a CreateMessageResult (role assistant, content blocks, model)' };
    }
    return { ok: true, action: 'result', data: response, value: response };
  }
  if (!Array.isArray(response.roots) || !response.roots.every((r) => isRecord(r) && typeof r.uri === 'string')) {
    return { ok: false, reason: 'not a ListRootsResult (roots: [{ uri }])' };
  }
  return { ok: true, action: 'result', data: response, value: response.roots };
}

const SAMPLING_BLOCKS = new Set(['text', 'image', 'audio', 'tool_use', 'tool_result']);

/** One sampling content block, or a non-empty list of them, each with the fields its type needs. */
function isSamplingContent(content: unknown): boolean {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.length > 0 && blocks.every((b) => isRecord(b) && typeof b.type === 'string' && SAMPLING_BLOCKS.has(b.type) && (b.type !== 'text' || typeof b.text === 'string'));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
