import type { CallHandler } from '../contracts/interceptor';
import type { StateCarrier, StateStage } from '../pipeline/request-state.interceptor';

/**
 * The request-state stage of a low-level server that did not opt into sealing: the handler reads the state
 * as the client sent it and returns its own as it wants it sent (nothing verified, nothing sealed).
 */
export class RawRequestState implements StateStage {
  readonly name = 'requestState passed as sent (sealing off)';

  intercept(call: StateCarrier, next: CallHandler): Promise<unknown> {
    call.requestState = call.sdk.mcpReq.requestState();
    return next();
  }
}
