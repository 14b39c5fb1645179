import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { invalidRequestStateJsonRpcError } from '@tessera/request-state';
import { DEFAULT_REQUEST_LIMITS, type ResolvedRequestLimits } from '../app/request-limits';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { checkArgumentBounds } from './check-argument-bounds';

const RETRYABLE = new Set(['tools/call', 'prompts/get', 'resources/read']);

/**
 * The SDK quietly reads a non-object `inputResponses` (null, an array, a string) as "no answers".
 * That input is malformed, not empty: answer -32602 before dispatch, so a broken client learns why.
 * A non-string `requestState` gets the fixed `Invalid or expired requestState` answer here too, and
 * arguments over the request limits are refused (checkArgumentBounds).
 */
export function checkRetryParams(message: unknown, limits: ResolvedRequestLimits = DEFAULT_REQUEST_LIMITS): JSONRPCMessage | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as { id?: string | number; method?: unknown; params?: Record<string, unknown> };
  if (m.id === undefined || typeof m.method !== 'string' || !RETRYABLE.has(m.method) || typeof m.params !== 'object' || m.params === null) return undefined;
  const state = m.params.requestState;
  if (state !== undefined && state !== null && typeof state !== 'string') {
    // A state of the wrong type gets the one answer every bad state gets (the SDK would word it otherwise).
    return { jsonrpc: '2.0', id: m.id, error: invalidRequestStateJsonRpcError() } as JSONRPCMessage;
  }
  if (!('inputResponses' in m.params)) return checkArgumentBounds(message, limits);
  const responses = m.params.inputResponses;
  if (typeof responses === 'object' && responses !== null && !Array.isArray(responses)) return checkArgumentBounds(message, limits);
  return {
    jsonrpc: '2.0',
    id: m.id,
    error: {
      code: JsonRpcCode.InvalidParams,
      message: `inputResponses must be an object keyed like the inputRequests it answers; got ${responses === null ? 'null' : Array.isArray(responses) ? 'an array' : typeof responses}.`,
    },
  } as JSONRPCMessage;
}
