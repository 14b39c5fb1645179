// A 2026-07-28 tools/call of `provision` (MachineTools in ../fixtures) as the request-limit tests send it
// over HTTP: the envelope, the headers the SDK requires, the body text and a POST.

/** The `_meta` envelope a 2026-07-28 client sends, under `client` (each test names itself in the logs). */
export function envelopeOf(client: string, capabilities: object = {}): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: client, version: '0' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

/** The headers of a 2026-07-28 POST of a tools/call of `provision`. */
export const PROVISION_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'provision',
};

/** The JSON text of a tools/call of `provision` with `args` under `envelope`. */
export function provisionCall(id: number, args: unknown, envelope: Record<string, unknown>): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'provision', arguments: args, _meta: envelope },
  });
}

/** POSTs `body` to the endpoint with PROVISION_HEADERS (and `extra` headers). */
export function postProvision(
  url: URL,
  body: RequestInit['body'],
  extra: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...PROVISION_HEADERS, ...extra }, body });
}

/** `count` distinct keys `k0`, `k1`, ... with small values (300 000 of them stay under the 4 MiB body limit). */
export function manyKeys(count: number): Record<string, number> {
  const keys: Record<string, number> = {};
  for (let i = 0; i < count; i += 1) keys[`k${i}`] = 0;
  return keys;
}
