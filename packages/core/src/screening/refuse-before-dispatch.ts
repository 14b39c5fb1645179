import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import type { Logger } from '../logging/logger';
import { checkOutsideBounds } from '../limits/check-outside-bounds';
import { checkRetryParams } from './check-retry-params';
import { screenRequestState, type OnRefusedState } from './screen-request-state';

/**
 * Every check made on a parsed request before the SDK sees it (a non-string requestState, malformed
 * inputResponses, arguments over the limits, then the rest of the request over its limits), on every
 * face. Each refusal is logged with its reason (screenRequestState logs its own); a refused state is
 * also heard by `onRefusedState` (telemetry). The answer goes back in place of the SDK's.
 */
export function refuseBeforeDispatch(
  message: unknown,
  logger: Logger,
  limits: ResolvedRequestLimits,
  onRefusedState?: OnRefusedState,
): JSONRPCMessage | undefined {
  const state = screenRequestState(message, logger, onRefusedState);
  if (state) return state;
  const refusal = checkRetryParams(message, limits) ?? checkOutsideBounds(message, limits);
  if (refusal) {
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    const reason = (refusal as { error?: { message?: string } }).error?.message;
    logger.info('call refused before dispatch', {
      method,
      target: typeof params?.name === 'string' ? params.name : undefined,
      reason,
    });
  }
  return refusal;
}
