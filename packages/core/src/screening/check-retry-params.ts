import { isStateCarryingMethod } from '@tessera/common';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { DEFAULT_REQUEST_LIMITS, type ResolvedRequestLimits } from '../limits/request-limits';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { answerableId } from '../encoding/answerable-id';
import { checkArgumentBounds } from '../limits/check-argument-bounds';

/**
 * The SDK quietly reads a non-object `inputResponses` (null, an array, a string) as "no answers", on a
 * retried call and on a `tasks/update` alike (it lifts the field out of params before any handler sees it).
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
  const update = m.method === 'tasks/update';
  if (
    m.id === undefined ||
    typeof m.method !== 'string' ||
    !(update || isStateCarryingMethod(m.method)) ||
    typeof m.params !== 'object' ||
    m.params === null
  )
    return undefined;
  const bounds = () => (update ? undefined : checkArgumentBounds(message, limits));
  // (a tasks/update without the field is refused by its handler, naming it)
  if (!('inputResponses' in m.params)) return bounds();
  const responses = m.params.inputResponses;
  if (typeof responses === 'object' && responses !== null && !Array.isArray(responses)) return bounds();
  const field = update ? 'tasks/update: params.inputResponses' : 'inputResponses';
  return {
    jsonrpc: '2.0',
    id: answerableId(m.id),
    error: {
      code: JsonRpcCode.InvalidParams,
      message: `${field} must be an object keyed like the inputRequests it answers; got ${responses === null ? 'null' : Array.isArray(responses) ? 'an array' : typeof responses}.`,
    },
  } as JSONRPCMessage;
}
