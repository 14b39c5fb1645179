import { isStateCarryingMethod } from '@tessera/common';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { DEFAULT_REQUEST_LIMITS, type ResolvedRequestLimits } from '../limits/request-limits';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { answerableId } from '../limits/answerable-id';
import { checkArgumentBounds } from '../limits/check-argument-bounds';

/**
 * The SDK quietly reads a non-object `inputResponses` (null, an array, a string) as "no answers".
 * That input is malformed, not empty: answer -32602 before dispatch, so a broken client learns why.
 * Arguments over the request limits are refused too (checkArgumentBounds). The `requestState` is
 * screened before this, by screenRequestState (null is absent; another non-string is refused and logged).
 */
export function checkRetryParams(
  message: unknown,
  limits: ResolvedRequestLimits = DEFAULT_REQUEST_LIMITS,
): JSONRPCMessage | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as { id?: string | number; method?: unknown; params?: Record<string, unknown> };
  if (
    m.id === undefined ||
    typeof m.method !== 'string' ||
    !isStateCarryingMethod(m.method) ||
    typeof m.params !== 'object' ||
    m.params === null
  )
    return undefined;
  if (!('inputResponses' in m.params)) return checkArgumentBounds(message, limits);
  const responses = m.params.inputResponses;
  if (typeof responses === 'object' && responses !== null && !Array.isArray(responses))
    return checkArgumentBounds(message, limits);
  return {
    jsonrpc: '2.0',
    id: answerableId(m.id),
    error: {
      code: JsonRpcCode.InvalidParams,
      message: `inputResponses must be an object keyed like the inputRequests it answers; got ${responses === null ? 'null' : Array.isArray(responses) ? 'an array' : typeof responses}.`,
    },
  } as JSONRPCMessage;
}
