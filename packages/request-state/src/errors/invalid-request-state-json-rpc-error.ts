import { RequestStateJsonRpcCode } from './codes';
import { INVALID_REQUEST_STATE_MESSAGE } from './invalid-request-state.error';

/** The JSON-RPC error for every refused requestState, identical for all causes (it matches the SDK's own). */
export interface InvalidRequestStateJsonRpcError {
  code: typeof RequestStateJsonRpcCode.InvalidParams;
  message: string;
  data: { reason: 'invalid_request_state' };
}

export function invalidRequestStateJsonRpcError(): InvalidRequestStateJsonRpcError {
  return {
    code: RequestStateJsonRpcCode.InvalidParams,
    message: INVALID_REQUEST_STATE_MESSAGE,
    data: { reason: 'invalid_request_state' },
  };
}
