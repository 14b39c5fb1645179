/*
 * The headers the SDK's StreamableHTTPClientTransport puts on a POST of one request carrying its protocol
 * version in `_meta`, outside a session and without auth, as a plain record (lower-case names): the user's
 * headers, then the version, method and name headers derived from the body, the caller's per-request headers
 * (the reserved names skipped), `content-type`, and `accept` with JSON and event streams added. Only values that
 * are plain printable ASCII are built here; for anything else `undefined` says "let the SDK's transport build
 * them" (its base64 form of a name, its checks of odd header names and values).
 */

/** The names a per-request header may not set: the SDK's transport derives them itself. */
const RESERVED = new Set([
  'authorization',
  'dpop',
  'content-type',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'mcp-session-id',
]);

/** Where the `Mcp-Name` header comes from, for the methods a flow's legs use. */
const NAME_FIELD: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PLAIN_VALUE = /^[\t\x20-\x7e]*$/;
// What a Headers list strips from both ends of a value.
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** The user's headers as a Headers list would hold them, or undefined if one of them is not plain. */
export function plainBaseHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers ?? {})) {
    const value = headers![name]!;
    if (typeof value !== 'string' || !TOKEN.test(name)) return undefined;
    const normalized = value.replace(EDGE_WHITESPACE, '');
    if (!PLAIN_VALUE.test(normalized)) return undefined;
    const key = name.toLowerCase();
    // Repeated names (differing in case) combine, as Headers.append does.
    out[key] = out[key] === undefined ? normalized : `${out[key]}, ${normalized}`;
  }
  return out;
}

export function legHeaders(
  base: Record<string, string>,
  version: string,
  method: string,
  params: Record<string, unknown> | undefined,
  perRequest: Readonly<Record<string, string>> | undefined,
): Record<string, string> | undefined {
  const field = NAME_FIELD[method];
  const name = field === undefined ? undefined : params?.[field];
  if (typeof name !== 'string' || !isPlainName(name) || !PLAIN_VALUE.test(version) || !PLAIN_VALUE.test(method))
    return undefined;
  const headers: Record<string, string> = { ...base };
  headers['mcp-protocol-version'] = version;
  headers['mcp-method'] = method;
  headers['mcp-name'] = name;
  for (const key of Object.keys(perRequest ?? {})) {
    const lower = key.toLowerCase();
    if (RESERVED.has(lower)) continue;
    const value = perRequest![key]!.replace(EDGE_WHITESPACE, '');
    if (!TOKEN.test(key) || !PLAIN_VALUE.test(value)) return undefined;
    headers[lower] = value;
  }
  headers['content-type'] = 'application/json';
  const types = [
    ...(headers.accept?.split(',').map((s) => s.trim().toLowerCase()) ?? []),
    'application/json',
    'text/event-stream',
  ];
  headers.accept = [...new Set(types)].join(', ');
  return headers;
}

/**
 * A name the SDK sends as it is (its encoding leaves printable ASCII alone); anything else it wraps in base64,
 * which is left to it.
 */
function isPlainName(value: string): boolean {
  if (value.length === 0 || value !== value.trim()) return false;
  if (value.startsWith('=?base64?') && value.endsWith('?=')) return false;
  return PLAIN_VALUE.test(value);
}
