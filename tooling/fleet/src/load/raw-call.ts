// One raw book_service leg over HTTP, outside any client: what a retry or a replay sends, byte for byte.
let rawId = 1;
/** A tools/call of book_service (leg 1, or a later leg with `extra`) posted as is, its JSON-RPC answer parsed. */
export async function rawCall(
  url: string,
  extra: Record<string, unknown>,
): Promise<{
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: { reason?: string } };
}> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'book_service',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: rawId++,
      method: 'tools/call',
      params: {
        name: 'book_service',
        arguments: { vehicle: 'TRK-042' },
        ...extra,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'load', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        },
      },
    }),
  });
  const text = await response.text();
  return JSON.parse(
    text.startsWith('event:') || text.startsWith('data:')
      ? text
          .split('\n')
          .find((l) => l.startsWith('data:'))!
          .slice(5)
      : text,
  );
}
