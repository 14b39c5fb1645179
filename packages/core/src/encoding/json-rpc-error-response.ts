/**
 * A JSON-RPC error answered over HTTP, for the routes core serves beside the SDK's router (listen streams, task
 * streams): `{ jsonrpc, id, error: { code, message, data } }`, `data` only when given, status 200 unless said.
 */
export function jsonRpcErrorResponse(
  id: string | number | null,
  code: number,
  message: string,
  { data, status = 200 }: { data?: unknown; status?: number } = {},
): Response {
  return Response.json(
    { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } },
    { status },
  );
}
