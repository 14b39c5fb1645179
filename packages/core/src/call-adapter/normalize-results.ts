import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/server';
import { bytesToBase64 } from '../encoding/base64';
import { ToolError } from '../errors/runtime/tool.error';
import type { HandlerPlan } from '../compiler/handler-plan';
import { isJsonObject } from '../types/json-object';
import { withViewMeta } from '../mcp-apps/view-content-meta';
import { validateOutput } from '../validation/validate-output';

/**
 * A tool may return a full `CallToolResult`, a string (one text block), or any JSON value. With an
 * output DTO the value is validated and sent as `structuredContent`, with its JSON as the text fallback.
 */
export function toCallToolResult(value: unknown, plan: HandlerPlan): CallToolResult {
  // An error result carries no structured output: the output schema describes successes only.
  if (isCallToolResult(value) && value.isError === true) return value;
  if (plan.outputType) {
    const structured = isCallToolResult(value) ? value.structuredContent : value;
    const checked = validateOutput(plan.outputType, structured);
    if (!checked.ok)
      throw new ToolError(
        `Tool "${plan.ref.name}" produced output that does not match its output schema: ${checked.message}`,
      );
    if (isCallToolResult(value)) return { ...value, structuredContent: checked.value };
    return { content: [{ type: 'text', text: JSON.stringify(checked.value) }], structuredContent: checked.value };
  }
  if (plan.outputSchema) {
    const structured = isCallToolResult(value) ? value.structuredContent : value;
    const problem = plan.outputSchema.problem(structured);
    if (problem !== undefined)
      throw new ToolError(`Tool "${plan.ref.name}" produced output that does not match its output schema: ${problem}`);
    if (isCallToolResult(value)) return value;
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured as never };
  }
  if (isCallToolResult(value)) return value;
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (value === undefined) return { content: [] };
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** A prompt may return a full `GetPromptResult`, a string (one user message), or an array of messages. */
export function toGetPromptResult(value: unknown, plan: HandlerPlan): GetPromptResult {
  if (typeof value === 'string') return { messages: [{ role: 'user', content: { type: 'text', text: value } }] };
  if (Array.isArray(value)) return { messages: value as GetPromptResult['messages'] };
  if (isJsonObject(value) && Array.isArray(value.messages)) return value as GetPromptResult;
  throw new ToolError(`Prompt "${plan.ref.name}" returned neither messages nor a string.`);
}

/**
 * A resource may return a full `ReadResourceResult`, a string (text contents for the URI), or a JSON value.
 * An MCP Apps view's content carries what its `@AppResource` declares to the host (`_meta.ui`).
 */
export function toReadResourceResult(value: unknown, uri: string, plan: HandlerPlan): ReadResourceResult {
  const meta = plan.meta;
  const mimeType = meta.kind === 'resource' || meta.kind === 'resource-template' ? meta.mimeType : undefined;
  const result = plainReadResult(value, uri, mimeType);
  return meta.kind === 'resource' && meta.app ? withViewMeta(result, uri, meta.app) : result;
}

function plainReadResult(value: unknown, uri: string, mimeType: string | undefined): ReadResourceResult {
  if (isJsonObject(value) && Array.isArray(value.contents)) return value as ReadResourceResult;
  if (typeof value === 'string') return { contents: [{ uri, mimeType: mimeType ?? 'text/plain', text: value }] };
  if (value instanceof Uint8Array)
    return { contents: [{ uri, mimeType: mimeType ?? 'application/octet-stream', blob: bytesToBase64(value) }] };
  return { contents: [{ uri, mimeType: mimeType ?? 'application/json', text: JSON.stringify(value) }] };
}

function isCallToolResult(value: unknown): value is CallToolResult {
  return isJsonObject(value) && Array.isArray(value.content);
}
