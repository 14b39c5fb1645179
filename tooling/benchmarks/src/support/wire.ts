import { rawRequestInit } from '@tessera/testing';

/**
 * The 2026-07-28 wire as a client puts it on HTTP: the per-request `_meta` envelope in the body and the
 * routing headers (`@tessera/testing`'s rawRequestInit). Bodies are serialised once; a `Request`
 * can be read only once, so `requests(n)` builds a fresh batch before each timed loop.
 */
export interface WireCall {
  method: string;
  params: Record<string, unknown>;
  capabilities?: Record<string, unknown>;
}

export type FetchFace = (request: Request) => Promise<Response>;

const URL_IN_MEMORY = 'http://127.0.0.1/mcp';

/** The call as `@tessera/testing`'s rawRequestInit builds it, from a client named `bench`. */
function initOf(call: WireCall, id: number | string = 1) {
  const params = { ...call.params, _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0' } } };
  return rawRequestInit(call.method, params, { id, capabilities: call.capabilities ?? {} });
}

export function envelopeBody(call: WireCall, id: number | string = 1): string {
  return initOf(call, id).body;
}

export function envelopeHeaders(call: WireCall): Record<string, string> {
  return initOf(call).headers;
}

export function buildRequest(call: WireCall, url = URL_IN_MEMORY, id: number | string = 1): Request {
  return new Request(url, { method: 'POST', headers: envelopeHeaders(call), body: envelopeBody(call, id) });
}

/** A pre-serialised call: `requests(n)` gives n ready `Request`s (built outside any timed section). */
export function prepared(
  call: WireCall,
  url = URL_IN_MEMORY,
): { body: string; headers: Record<string, string>; requests(n: number): Request[] } {
  const body = envelopeBody(call);
  const headers = envelopeHeaders(call);
  return {
    body,
    headers,
    requests: (n) => Array.from({ length: n }, () => new Request(url, { method: 'POST', headers, body })),
  };
}

export interface JsonRpcAnswer {
  result?: Record<string, unknown> & { content?: Array<{ type: string; text?: string }> };
  error?: { code: number; message: string; data?: unknown };
}

/** Parses a JSON or single-event SSE answer. */
export function parseAnswer(text: string): JsonRpcAnswer {
  if (text.startsWith('event:') || text.startsWith('data:')) {
    const line = text.split('\n').find((l) => l.startsWith('data:'));
    if (!line) throw new Error(`no data line in SSE answer: ${text.slice(0, 200)}`);
    return JSON.parse(line.slice(5));
  }
  return JSON.parse(text);
}

export async function callOnce(fetch: FetchFace, call: WireCall): Promise<JsonRpcAnswer> {
  const response = await fetch(buildRequest(call));
  return parseAnswer(await response.text());
}

/** Throws unless the answer is a tools/call result whose first text content is `expected`. */
export function expectText(answer: JsonRpcAnswer, expected: string, label: string): void {
  const text = answer.result?.content?.[0]?.text;
  if (text !== expected || answer.result?.isError) {
    throw new Error(`${label}: expected text ${JSON.stringify(expected)}, got ${JSON.stringify(answer).slice(0, 400)}`);
  }
}
