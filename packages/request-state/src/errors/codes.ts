/**
 * Codes of the errors this package throws. They share the `TESSERA_` namespace of `@tessera/core`'s table,
 * which cannot be imported here (core depends on this package).
 */
export const RequestStateErrorCode = {
  InvalidRequestState: 'TESSERA_INVALID_REQUEST_STATE',
  RequestStateConfig: 'TESSERA_REQUEST_STATE_CONFIG',
  RequestStateTooLarge: 'TESSERA_REQUEST_STATE_TOO_LARGE',
  UnusableAuthInfo: 'TESSERA_UNUSABLE_AUTH_INFO',
  SingleUseStoreUnavailable: 'TESSERA_SINGLE_USE_STORE_UNAVAILABLE',
  LegInProgress: 'TESSERA_LEG_IN_PROGRESS',
  IdempotencyKeyReused: 'TESSERA_IDEMPOTENCY_KEY_REUSED',
} as const;

export type RequestStateErrorCode = (typeof RequestStateErrorCode)[keyof typeof RequestStateErrorCode];

/**
 * The JSON-RPC code every refused requestState is answered with on the wire (the SDK's invalid params), carried
 * by `InvalidRequestStateProtocolError` and `invalidRequestStateJsonRpcError()`.
 */
export const RequestStateJsonRpcCode = {
  InvalidParams: -32602,
} as const;

export type RequestStateJsonRpcCode = (typeof RequestStateJsonRpcCode)[keyof typeof RequestStateJsonRpcCode];
