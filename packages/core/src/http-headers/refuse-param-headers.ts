import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { answerableId } from '../encoding/answerable-id';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import type { Logger } from '../logging/logger';
import { isJsonObject } from '../types/json-object';
import { checkParamHeaders } from './check-param-headers';
import type { ParamHeader } from './param-headers';

/**
 * Refuses a 2026-07-28 `tools/call` whose `Mcp-Param-*` headers disagree with its arguments, before either
 * HTTP path serves it: 400 with JSON-RPC error -32020 (`data.mismatch` names the header and what the body
 * says), the answer the SDK gives for its own tools. Requests of the 2025 era carry no such headers and are
 * not checked. Undefined: nothing to refuse.
 */
export function refuseParamHeaders(
  request: Request,
  body: unknown,
  paramHeaders: ReadonlyMap<string, readonly ParamHeader[]>,
  logger: Logger,
): Response | undefined {
  if (paramHeaders.size === 0 || !isJsonObject(body) || body.method !== 'tools/call') return undefined;
  const params = body.params;
  if (!isJsonObject(params) || typeof params.name !== 'string') return undefined;
  const declared = paramHeaders.get(params.name);
  if (!declared || !isJsonObject(params._meta) || typeof params._meta[PROTOCOL_VERSION_META_KEY] !== 'string')
    return undefined;
  const mismatch = checkParamHeaders(declared, params.arguments, request.headers);
  if (!mismatch) return undefined;
  logger.info('call refused before dispatch', { method: 'tools/call', target: params.name, reason: mismatch.body });
  const id = answerableId(body.id);
  return Response.json(
    {
      jsonrpc: '2.0',
      error: {
        code: JsonRpcCode.HeaderMismatch,
        message: `Bad Request: the request headers and body disagree: ${mismatch.body}`,
        data: { mismatch },
      },
      id,
    },
    { status: 400 },
  );
}
