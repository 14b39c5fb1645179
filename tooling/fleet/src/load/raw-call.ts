// One raw tools/call leg over HTTP, outside any client: what a retry or a replay sends, byte for byte.

/** The fleet app's flow tool with its usual arguments. */
export const BOOK_SERVICE = { name: 'book_service', arguments: { vehicle: 'TRK-042' } };

/** The HTTP status and the parsed JSON-RPC answer of one raw leg. */
export interface RawAnswer {
  status: number;
  body: {
    result?: Record<string, unknown> & { requestState?: string; inputRequests?: Record<string, unknown> };
    error?: { code: number; message: string; data?: { reason?: string } & Record<string, unknown> };
  };
}

let rawId = 1;

/** A 2026-07-28 tools/call of `call` (leg 1, or a later leg with `extra`) posted as is, its answer parsed. */
export async function rawCall(
  url: URL | string,
  extra: { requestState?: string; inputResponses?: unknown } = {},
  call: { name: string; arguments: Record<string, unknown> } = BOOK_SERVICE,
): Promise<RawAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': call.name,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: rawId++,
      method: 'tools/call',
      params: {
        ...call,
        ...extra,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        },
      },
    }),
  });
  const text = await response.text();
  const json = text.startsWith('event:') || text.startsWith('data:') ? sseData(text) : text;
  return { status: response.status, body: JSON.parse(json) as RawAnswer['body'] };
}

/** The first `data:` line of an SSE answer. */
function sseData(text: string): string {
  const line = text.split('\n').find((l) => l.startsWith('data:'));
  if (line === undefined) throw new Error(`an SSE answer without data: ${text.slice(0, 200)}`);
  return line.slice(5);
}
