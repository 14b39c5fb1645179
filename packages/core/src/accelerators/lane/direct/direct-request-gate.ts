import type { RequestId, SpecTypeName } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../../../compiler/handler-plan';
import { isJsonObject } from '../../../types/json-object';
import { classifyInbound } from './classify-inbound';
import { retryParamsOf, retryScreened, type RetryParams } from './retry-params';
import { checkSpecType } from './sdk-schema-check';

const REVISION = '2026-07-28';

/** The methods the direct paths serve, and the param each one's `Mcp-Name` header repeats. */
const NAMED = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' } as const;

export type DirectMethod = keyof typeof NAMED;

/** The methods whose params this gate checks with the SDK's request schema (a tool call's arguments have their own check, call-tool-arguments.ts). */
const SPEC_TYPES = {
  'prompts/get': 'GetPromptRequest',
  'resources/read': 'ReadResourceRequest',
} as const satisfies Record<string, SpecTypeName>;

export type GatedMethod = keyof typeof SPEC_TYPES;

/** A request whose envelope and headers the gate let through: its id, `_meta`, params as sent, name and retry fields. */
export interface ScreenedRequest {
  id: RequestId;
  /** The request's `params._meta`, a plain object. */
  meta: Record<string, unknown>;
  /** The params as sent. */
  params: Record<string, unknown>;
  /** The value of the param the `Mcp-Name` header names (the tool's or prompt's name, the resource's URI). */
  name: string;
  /** The retry fields (answers, state) of a later leg, as sent. */
  retry?: RetryParams;
}

/** A request the gate let through, its params as the SDK's schema gives them to the handler. */
export interface AdmittedRequest extends ScreenedRequest {
  /** The params as the SDK's request schema outputs them (what the SDK's handler reads). */
  params: Record<string, unknown>;
}

/**
 * The checks every direct path makes first, as the SDK makes them: a request (a first leg, or a later one
 * whose answers are an object and whose state is a string, as the endpoint screened them) with a `_meta`
 * object, whose headers carry the exact values the SDK would compare (anything it would first normalise or
 * decode goes its way), and which the SDK's classifier (classify-inbound.ts) takes as a 2026-07-28 request.
 * Undefined for anything else: the SDK serves it, and answers it as it always does.
 */
export function screenDirectRequest(
  request: Request,
  body: unknown,
  method: DirectMethod,
): ScreenedRequest | undefined {
  const b = body as Record<string, unknown>;
  if (b.method !== method || b.jsonrpc !== '2.0') return undefined;
  const params = b.params;
  if (!isJsonObject(params)) return undefined;
  const name = params[NAMED[method]];
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
  return { id: b.id as RequestId, meta, params, name, ...(retry && { retry }) };
}

/**
 * Whether a `prompts/get` or `resources/read` body may be served directly: it passes the shared checks
 * (screenDirectRequest) and the SDK's request schema for the method accepts it.
 */
export function admitDirectRequest(request: Request, body: unknown, method: GatedMethod): AdmittedRequest | undefined {
  const screened = screenDirectRequest(request, body, method);
  if (!screened) return undefined;
  // what the SDK hands its handler is the schema's output, not the parsed body
  const checked = checkSpecType(SPEC_TYPES[method], { method, params: screened.params });
  if (!checked.ok) return undefined;
  return { ...screened, params: (checked.value as { params: Record<string, unknown> }).params };
}

/**
 * Whether only the handler (its questions, or its own input-required answer) makes the answer: no
 * interceptor or exception filter in its chain, since either may answer in its place with anything at all.
 */
export function answersForItself(plan: HandlerPlan): boolean {
  const { interceptors, filters } = plan.enhancers;
  // a task tool's call may become a task, which only the SDK's path serves
  const task = plan.meta.kind === 'tool' && plan.meta.task !== undefined;
  return !task && interceptors.length === 0 && filters.length === 0;
}
