import { isStateCarryingMethod } from '@tessera/common';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import type { Logger } from '../logging/logger';
import { checkOutsideBounds } from '../limits/check-outside-bounds';
import type { RefusedRound, RefusedState } from '../telemetry/record-refusals';
import { checkRetryParams } from './check-retry-params';
import { screenRequestState } from './screen-request-state';

/** Hears what is refused before dispatch, to count it as the pipeline counts its refusals (telemetry). */
export interface RefusalListener {
  /** A state that is not a string. */
  state(refused: RefusedState): void;
  /** A call whose arguments or answers are malformed or over the limits. */
  call(refused: RefusedRound): void;
}

/**
 * Every check made on a parsed request before the SDK sees it (a non-string requestState, malformed
 * inputResponses, arguments over the limits, then the rest of the request over its limits), on every
 * face. Each refusal is logged with its reason (screenRequestState logs its own), and a refused call of a
 * tool, prompt or resource is heard by `listener` (telemetry). The answer goes back in place of the SDK's.
 */
export function refuseBeforeDispatch(
  message: unknown,
  logger: Logger,
  limits: ResolvedRequestLimits,
  listener?: RefusalListener,
): JSONRPCMessage | undefined {
  const state = screenRequestState(message, logger, listener && ((refused) => listener.state(refused)));
  if (state) return state;
  const refusal = checkRetryParams(message, limits) ?? checkOutsideBounds(message, limits);
  if (refusal) {
    const { method, params } = message as {
      method?: unknown;
      params?: { name?: unknown; uri?: unknown; _meta?: unknown };
    };
    const target = method === 'resources/read' ? params?.uri : params?.name;
    const reason = (refusal as { error?: { message?: string } }).error?.message;
    logger.info('call refused before dispatch', {
      method,
      target: typeof target === 'string' ? target : undefined,
      reason,
    });
    if (listener && typeof method === 'string' && isStateCarryingMethod(method) && typeof target === 'string')
      listener.call({ method, target, meta: params?._meta, startTime: Date.now() });
  }
  return refusal;
}
