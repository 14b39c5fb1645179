import type { RequestId, SpecTypeName } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../../compiler/handler-plan';
import { isJsonObject } from '../../types/json-object';
import { classifyInbound } from './classify-inbound';
import { retryParamsOf, retryScreened, type RetryParams } from './retry-params';
import { checkSpecType } from './sdk-schema-check';

const REVISION = '2026-07-28';

/** The methods whose requests this gate opens for, the spec type of each, and the param its `Mcp-Name` header repeats. */
const GATED = {
  'prompts/get': { type: 'GetPromptRequest', named: 'name' },
  'resources/read': { type: 'ReadResourceRequest', named: 'uri' },
} as const satisfies Record<string, { type: SpecTypeName; named: string }>;

export type GatedMethod = keyof typeof GATED;

/** A request the gate let through: its id, its `_meta`, and its params as the SDK's schema gives them to the handler. */
export interface AdmittedRequest {
  id: RequestId;
  /** The request's `params._meta`, a plain object. */
  meta: Record<string, unknown>;
  /** The params as the SDK's request schema outputs them (what the SDK's handler reads). */
  params: Record<string, unknown>;
  /** The value of the param the `Mcp-Name` header names (the prompt's name, the resource's URI). */
  name: string;
  /** The retry fields (answers, state) of a later leg, as sent. */
  retry?: RetryParams;
}

/**
 * Whether a `prompts/get` or `resources/read` body may be served directly, checked as the SDK checks it
 * first: a request (a first leg, or a later one whose answers are an object and whose state is a string, as
 * the endpoint screened them) whose headers carry the exact values the SDK would compare (anything it would
 * first normalise or decode goes its way), which the SDK's classifier (classify-inbound.ts) takes as a
 * 2026-07-28 request, and which the SDK's request schema for the method accepts. Undefined for anything else: the SDK serves it, and answers it as it always does.
 */
export function admitDirectRequest(request: Request, body: unknown, method: GatedMethod): AdmittedRequest | undefined {
  const b = body as Record<string, unknown>;
  if (b.method !== method || b.jsonrpc !== '2.0') return undefined;
  const { type, named } = GATED[method];
  const params = b.params;
  if (!isJsonObject(params)) return undefined;
  const name = params[named];
  if (typeof name !== 'string') return undefined;
  const retry = retryParamsOf(params);
  if (retry && !retryScreened(retry)) return undefined;
  const meta = params._meta;
  if (!isJsonObject(meta)) return undefined;
  const headers = request.headers;
  const version = headers.get('mcp-protocol-version') ?? undefined;
  const methodHeader = headers.get('mcp-method') ?? undefined;
  const nameHeader = headers.get('mcp-name') ?? undefined;
  if (version !== REVISION || methodHeader !== method || nameHeader !== name) return undefined;
  const route = classifyInbound({
    httpMethod: 'POST',
    body,
    protocolVersionHeader: version,
    mcpMethodHeader: methodHeader,
    mcpNameHeader: nameHeader,
  });
  if (route.kind !== 'modern' || route.messageKind !== 'request' || route.classification.revision !== REVISION)
    return undefined;
  // what the SDK hands its handler is the schema's output, not the parsed body
  const checked = checkSpecType(type, { method, params });
  if (!checked.ok) return undefined;
  const sdkParams = (checked.value as { params: Record<string, unknown> }).params;
  return { id: b.id as RequestId, meta, params: sdkParams, name, ...(retry && { retry }) };
}

/**
 * Whether only the handler (its questions, or its own input-required answer) makes the answer: no
 * interceptor or exception filter in its chain, since either may answer in its place with anything at all.
 */
export function answersForItself(plan: HandlerPlan): boolean {
  const { interceptors, filters } = plan.enhancers;
  return interceptors.length === 0 && filters.length === 0;
}
