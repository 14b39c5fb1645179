import { classifyInboundRequest, UnsupportedProtocolVersionError } from '@modelcontextprotocol/server';
import { answerableId } from '../encoding/answerable-id';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { jsonRpcErrorResponse } from '../encoding/json-rpc-error-response';

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
  const id = answerableId((body as { id?: unknown } | null)?.id);
  if (route.kind === 'reject')
    return jsonRpcErrorResponse(id, route.code, route.message, { data: route.data, status: route.httpStatus });
  if (route.kind !== 'modern' || route.messageKind !== 'request') return 'leave';
  const revision = route.classification.revision;
  if (revision === undefined || !MODERN_REVISIONS.includes(revision)) {
    const error = new UnsupportedProtocolVersionError({
      supported: [...MODERN_REVISIONS],
      requested: revision ?? 'unknown',
    });
    return jsonRpcErrorResponse(id, error.code, error.message, { data: error.data, status: 400 });
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
  return jsonRpcErrorResponse(
    id,
    JsonRpcCode.HeaderMismatch,
    `Bad Request: the request headers and body disagree: ${problem}`,
    {
      data: { mismatch: { header: '(missing)', body: problem } },
      status: 400,
    },
  );
}
