import { classifyInboundRequest, UnsupportedProtocolVersionError } from '@modelcontextprotocol/server';
import { JsonRpcCode } from '../errors/json-rpc-codes';

/** The per-request revisions served here (the SDK's own list of them is not exported). */
const MODERN_REVISIONS: readonly string[] = ['2026-07-28'];

/**
 * What a `subscriptions/listen` POST served beside the SDK's listen router (task streams, per-caller change
 * streams) gets before its stream opens: `'serve'`, `'leave'` (a 2025-era request: the SDK's path answers it),
 * or the refusal the SDK's HTTP entry would give, in its words. The SDK's checks, on its public
 * `classifyInboundRequest` (headers and body agree, a valid envelope), then the revision, then the presence of
 * the `MCP-Protocol-Version` and `Mcp-Method` headers; a revision this list lacks is refused, never handed to
 * a router that would not filter the stream.
 */
export function checkListenRequest(request: Request, body: unknown): 'serve' | 'leave' | Response {
  const headers = request.headers;
  const protocolVersionHeader = headers.get('mcp-protocol-version') ?? undefined;
  const mcpMethodHeader = headers.get('mcp-method') ?? undefined;
  const route = classifyInboundRequest({
    httpMethod: request.method,
    body,
    protocolVersionHeader,
    mcpMethodHeader,
    mcpNameHeader: headers.get('mcp-name') ?? undefined,
  });
  const id = idOf(body);
  if (route.kind === 'reject') return refusal(id, route.httpStatus, route.code, route.message, route.data);
  if (route.kind !== 'modern' || route.messageKind !== 'request') return 'leave';
  const revision = route.classification.revision;
  if (revision === undefined || !MODERN_REVISIONS.includes(revision)) {
    const error = new UnsupportedProtocolVersionError({
      supported: [...MODERN_REVISIONS],
      requested: revision ?? 'unknown',
    });
    return refusal(id, 400, error.code, error.message, error.data);
  }
  if (protocolVersionHeader === undefined)
    return missingHeader(
      id,
      `the body envelope names protocol version ${revision} but the required MCP-Protocol-Version header is absent`,
    );
  if (mcpMethodHeader === undefined)
    return missingHeader(id, 'the body names method subscriptions/listen but the required Mcp-Method header is absent');
  return 'serve';
}

function missingHeader(id: string | number | null, problem: string): Response {
  return refusal(
    id,
    400,
    JsonRpcCode.HeaderMismatch,
    `Bad Request: the request headers and body disagree: ${problem}`,
    { mismatch: { header: '(missing)', body: problem } },
  );
}

function idOf(body: unknown): string | number | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function refusal(id: string | number | null, status: number, code: number, message: string, data: unknown): Response {
  return Response.json(
    { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } },
    { status },
  );
}
