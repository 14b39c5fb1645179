import type { CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { compute } from '../compute';
import type { SampleSpec } from '../dependency-spec';
import { unchanging } from '../unchanging';
import type { QuestionKind } from '../question-kind';

const SAMPLING_BLOCKS = new Set(['text', 'image', 'audio', 'tool_use', 'tool_result']);

/** `@Sample`: an LLM completion from the client; the answer must be an assistant `CreateMessageResult`. */
export const sampling: QuestionKind<SampleSpec> = {
  kind: 'sampling',
  elicitation: false,
  compile() {},
  // a literal request object is the user's and could be changed between calls; only a frozen one is fixed
  fixed: (_plan, spec) => unchanging(spec.request),
  render: (_plan, spec, input) => ({
    method: 'sampling/createMessage',
    params: compute(spec.request, input, 'request'),
  }),
  read(_plan, response) {
    if (typeof response.model !== 'string' || response.role !== 'assistant' || !isSamplingContent(response.content)) {
      return { ok: false, reason: 'not a CreateMessageResult (role assistant, content blocks, model)' };
    }
    return { ok: true, action: 'result', data: response, value: response };
  },
  missingCapability(request, caps) {
    const params = request.params as { tools?: unknown; toolChoice?: unknown };
    const usesTools = Boolean(params.tools || params.toolChoice);
    if (!caps.sampling) return { sampling: usesTools ? { tools: {} } : {} };
    if (usesTools && !(caps.sampling as { tools?: unknown }).tools) return { sampling: { tools: {} } };
    return undefined;
  },
  push: (mcpReq, request) => mcpReq.requestSampling(request.params as CreateMessageRequestParams),
};

/** One sampling content block, or a non-empty list of them, each with the fields its type needs. */
function isSamplingContent(content: unknown): boolean {
  const blocks = Array.isArray(content) ? content : [content];
  return (
    blocks.length > 0 &&
    blocks.every((b) => isBlock(b) && SAMPLING_BLOCKS.has(b.type) && (b.type !== 'text' || typeof b.text === 'string'))
  );
}

function isBlock(v: unknown): v is { type: string; text?: unknown } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { type?: unknown }).type === 'string';
}
