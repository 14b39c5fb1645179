import {
  SERVER_INFO_META_KEY,
  type CallToolResult,
  type Implementation,
  type JSONRPCErrorResponse,
  type RequestId,
} from '@modelcontextprotocol/server';
import { JsonRpcCode } from '../../../errors/json-rpc-codes';
import { checkCallToolResult } from './call-tool-result-check';
import { isJsonObject } from '../../../types/json-object';
import { textResultJson } from './text-result-json';

/** input-required-json.ts, required by the first call that asks (a plain call never does). */
let asking: typeof import('./input-required-json') | undefined;

/** A direct call's answer: a result as its JSON-RPC text, or an error message. */
export type ToolCallAnswer = { text: string } | { error: JSONRPCErrorResponse };

/**
 * Writes the JSON-RPC answer to a direct `tools/call` as the SDK's 2026-07-28 server would send it: the
 * result checked against the SDK's own `CallToolResult` schema (and sent as that schema gives it back), a
 * non-object `structuredContent` given its text fallback, `resultType` stamped and the server's identity
 * added to `_meta` (the SDK's encode seam), the keys in the SDK's order. A result the schema refuses
 * answers -32602, as the SDK does. The usual result (no `resultType`, no `_meta` of its own) is written
 * as its JSON with the stamp appended, without copying it.
 */
export class ToolCallAnswers {
  /** `"_meta":{…serverInfo…}` as JSON, written once. */
  private readonly stampJson: string;

  constructor(private readonly serverInfo: Implementation) {
    this.stampJson = JSON.stringify({ [SERVER_INFO_META_KEY]: serverInfo });
  }

  answer(id: RequestId, result: CallToolResult): ToolCallAnswer {
    const checked = checkCallToolResult(withTextFallback(result));
    if (!checked.ok)
      return { error: errorAnswer(id, JsonRpcCode.InvalidParams, `Invalid tools/call result: ${checked.message}`) };
    const value = checked.value as Record<string, unknown>;
    if (value.resultType === undefined && value._meta === undefined) {
      const json = textResultJson(value) ?? JSON.stringify(value);
      if (json.length > 2)
        return {
          text: `{"result":${json.slice(0, -1)},"resultType":"complete","_meta":${this.stampJson}},"jsonrpc":"2.0","id":${idJson(id)}}`,
        };
    }
    return { text: JSON.stringify({ result: this.encoded(value), jsonrpc: '2.0', id }) };
  }

  /**
   * An input-required result's answer in its usual shape (questions and a sealed state), as the SDK's encode
   * and JSON.stringify write it; undefined for any other, which the caller encodes through the SDK's codec.
   */
  inputRequired(id: RequestId, result: unknown): ToolCallAnswer | undefined {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    asking ??= require('./input-required-json') as typeof import('./input-required-json');
    const json = asking.inputRequiredJson(result, this.stampJson);
    return json === undefined ? undefined : { text: `{"result":${json},"jsonrpc":"2.0","id":${idJson(id)}}` };
  }

  /** The SDK's encode seam in full: `resultType` when none, the identity unless `_meta` is not an object or names one. */
  private encoded(result: Record<string, unknown>): Record<string, unknown> {
    const meta = result._meta;
    const stamp = meta === undefined || (isJsonObject(meta) && meta[SERVER_INFO_META_KEY] === undefined);
    if (result.resultType !== undefined && !stamp) return result;
    const out: Record<string, unknown> = { ...result };
    if (result.resultType === undefined) out.resultType = 'complete';
    if (stamp)
      out._meta = { ...(meta as Record<string, unknown> | undefined), [SERVER_INFO_META_KEY]: this.serverInfo };
    return out;
  }
}

/** An id as JSON.stringify writes it (a finite number's text is the same, without the call). */
function idJson(id: RequestId): string {
  return typeof id === 'number' && Number.isFinite(id) ? String(id) : JSON.stringify(id);
}

/** The error answer the SDK sends for an error thrown by a handler (its code, message and data). */
export function thrownAnswer(id: RequestId, error: unknown): JSONRPCErrorResponse {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const code = Number.isSafeInteger(e.code) ? (e.code as number) : JsonRpcCode.InternalError;
  const message = typeof e.message === 'string' ? e.message : 'Internal error';
  return errorAnswer(id, code, message, e.data);
}

function errorAnswer(id: RequestId, code: number, message: string, data?: unknown): JSONRPCErrorResponse {
  // -32002 (resource not found) is sent as -32602 on this revision
  const wireCode = code === -32002 ? JsonRpcCode.InvalidParams : code;
  return { jsonrpc: '2.0', id, error: { code: wireCode, message, ...(data !== undefined && { data }) } };
}

/** A `structuredContent` that is not an object also goes as text, unless some text block is already there. */
function withTextFallback(result: CallToolResult): CallToolResult {
  const sc = result.structuredContent as unknown;
  if (sc === undefined || isJsonObject(sc)) return result;
  if (result.content?.some((block) => block.type === 'text')) return result;
  return { ...result, content: [...(result.content ?? []), { type: 'text', text: JSON.stringify(sc) }] };
}
