import { ToolError } from '@tessera/core';
import type { ApiOperation } from './api-operation';
import { BODY_ARGUMENT } from './operation-input-schema';

export interface OperationCallSetup {
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  fetch: (input: string | URL, init?: RequestInit) => Promise<Response>;
}

/** The most of an error body a tool error quotes. */
const QUOTED_BODY_CHARS = 2000;

/**
 * Makes the HTTP request of one operation from a tool call's (checked) arguments, and turns the answer into
 * a tool result: JSON as `structuredContent` and text, anything else as text. A non-2xx answer is a tool
 * error naming the operation, the status and the body.
 */
export async function callOperation(
  setup: OperationCallSetup,
  operation: ApiOperation,
  args: Readonly<Record<string, unknown>>,
  signal: AbortSignal,
): Promise<{ content: Array<{ type: 'text'; text: string }>; structuredContent?: Record<string, unknown> }> {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(args[name])));
  const url = new URL(setup.baseUrl.replace(/\/$/, '') + path);
  const headers: Record<string, string> = { accept: 'application/json', ...setup.headers };
  for (const parameter of operation.parameters) {
    const value = args[parameter.name];
    if (value === undefined) continue;
    if (parameter.in === 'query') {
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(parameter.name, scalar(item));
    } else if (parameter.in === 'header') headers[parameter.name] = scalar(value);
  }
  let body: string | undefined;
  if (operation.body !== undefined && args[BODY_ARGUMENT] !== undefined) {
    body = JSON.stringify(args[BODY_ARGUMENT]);
    headers['content-type'] = 'application/json';
  }
  const where = `operation "${operation.operationId}" (${operation.method} ${operation.path})`;
  let response: Response;
  try {
    response = await setup.fetch(url, {
      method: operation.method,
      headers,
      ...(body !== undefined && { body }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(setup.timeoutMs)]),
    });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ToolError(`${where}: the request to ${url.origin} failed: ${reason}`, { cause });
  }
  const text = await response.text();
  if (!response.ok) {
    const quoted = text.length > QUOTED_BODY_CHARS ? `${text.slice(0, QUOTED_BODY_CHARS)}...` : text;
    throw new ToolError(`${where} answered HTTP ${response.status} ${response.statusText}: ${quoted}`);
  }
  const parsed = /json/.test(response.headers.get('content-type') ?? '') ? parseJson(text) : undefined;
  const structured =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  return { content: [{ type: 'text', text }], ...(structured !== undefined && { structuredContent: structured }) };
}

function scalar(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
