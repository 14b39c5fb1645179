import { ProtocolError, type CreateMessageRequestParams, type InputRequest } from '@modelcontextprotocol/server';
import { JsonRpcCode, type ExecutionContext } from '@tessera/core';

/**
 * Reading a retry's `inputResponses` in the direct form. They come from the client and are untrusted:
 * a response of the wrong shape counts as missing (the question is asked again); a non-object
 * `inputResponses` is a protocol error.
 */
export function responsesOf(ctx: ExecutionContext): Record<string, unknown> {
  const raw: unknown = ctx.sdk.mcpReq.inputResponses;
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ProtocolError(JsonRpcCode.InvalidParams, 'inputResponses must be an object keyed by input request');
  }
  return raw as Record<string, unknown>;
}

export type ElicitAnswer = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' };

/** An elicitation answer whose accepted content has every `fields` entry of the given type; otherwise undefined. */
export function elicitAnswer(
  responses: Record<string, unknown>,
  key: string,
  fields: Record<string, 'string' | 'boolean' | 'number'>,
): ElicitAnswer | undefined {
  const r = responses[key];
  if (!isObject(r)) return undefined;
  if (r.action === 'decline' || r.action === 'cancel') return { action: r.action };
  if (r.action !== 'accept' || !isObject(r.content)) return undefined;
  for (const [name, type] of Object.entries(fields)) if (typeof r.content[name] !== type) return undefined;
  return { action: 'accept', content: r.content };
}

/** The text of a sampling answer (`{role, content:{type:'text', text}, model}`), or undefined. */
export function samplingText(responses: Record<string, unknown>, key: string): string | undefined {
  const r = responses[key];
  if (!isObject(r) || typeof r.role !== 'string' || typeof r.model !== 'string') return undefined;
  const content = Array.isArray(r.content) ? r.content[0] : r.content;
  if (!isObject(content) || content.type !== 'text' || typeof content.text !== 'string') return undefined;
  return content.text;
}

/** The roots of a `roots/list` answer, or undefined. */
export function rootsOf(
  responses: Record<string, unknown>,
  key: string,
): Array<{ uri: string; name?: string }> | undefined {
  const r = responses[key];
  if (!isObject(r) || !Array.isArray(r.roots)) return undefined;
  if (!r.roots.every((root) => isObject(root) && typeof root.uri === 'string')) return undefined;
  return r.roots as Array<{ uri: string; name?: string }>;
}

export function elicit(
  message: string,
  properties: Record<string, { type: 'string' | 'boolean' | 'number'; description?: string }>,
): InputRequest {
  return {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message,
      requestedSchema: { type: 'object', properties, required: Object.keys(properties) },
    },
  } as InputRequest;
}

export function sample(text: string, maxTokens = 100): InputRequest {
  const params: CreateMessageRequestParams = {
    messages: [{ role: 'user', content: { type: 'text', text } }],
    maxTokens,
  };
  return { method: 'sampling/createMessage', params } as InputRequest;
}

export function listRoots(): InputRequest {
  return { method: 'roots/list', params: {} } as InputRequest;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
