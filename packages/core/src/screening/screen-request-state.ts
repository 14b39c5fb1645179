import { isStateCarryingMethod } from '@tessera/common';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { invalidRequestStateJsonRpcError } from '@tessera/request-state/framework';
import type { Logger } from '../logging/logger';
import type { RefusedState } from '../telemetry/record-refusals';

/** Hears a state refused here, to count it as the pipeline counts the states it refuses (telemetry). */
export type OnRefusedState = (refused: RefusedState) => void;

/**
 * The `requestState` of an incoming request, before the SDK reads it. JSON `null` means "no state", as in the
 * reference implementation: it is removed, and the call goes on as if none was sent (the SDK would refuse it).
 * Any other non-string gets the fixed `Invalid or expired requestState` answer, and its reason is logged like
 * every other refusal (never the value). `message` is this request's own freshly parsed object.
 */
export function screenRequestState(
  message: unknown,
  logger: Logger,
  onRefused?: OnRefusedState,
): JSONRPCMessage | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as { id?: string | number; method?: unknown; params?: Record<string, unknown> };
  if (
    typeof m.method !== 'string' ||
    !isStateCarryingMethod(m.method) ||
    typeof m.params !== 'object' ||
    m.params === null
  )
    return undefined;
  if (!('requestState' in m.params)) return undefined;
  const state = m.params.requestState;
  if (state === null) {
    delete m.params.requestState;
    return undefined;
  }
  if (typeof state === 'string' || state === undefined || m.id === undefined) return undefined;
  const target = m.method === 'resources/read' ? m.params.uri : m.params.name;
  logger.warn('requestState refused', {
    method: m.method,
    target: typeof target === 'string' ? target : undefined,
    reason: `not a string (${Array.isArray(state) ? 'array' : typeof state})`,
  });
  onRefused?.({
    method: m.method,
    target: typeof target === 'string' ? target : '',
    reason: 'not_string',
    meta: m.params._meta,
    startTime: Date.now(),
  });
  return { jsonrpc: '2.0', id: m.id, error: invalidRequestStateJsonRpcError() } as JSONRPCMessage;
}
