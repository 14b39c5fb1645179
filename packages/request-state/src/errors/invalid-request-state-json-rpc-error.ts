import { INVALID_REQUEST_STATE_MESSAGE } from './invalid-request-state.error';

/** The JSON-RPC error for every refused requestState, identical for all causes (it matches the SDK's own). */
export interface InvalidRequestStateJsonRpcError {
  code: -32602;
  message: string;
  data: { reason: 'invalid_request_state' };
}

export function invalidRequestStateJsonRpcError(): InvalidRequestStateJsonRpcError {
  return { code: -32602, message: INVALID_REQUEST_STATE_MESSAGE, data: { reason: 'invalid_request_state' } };
}
