/**
 * Every error code `@tessera/client` throws, so callers can switch on a literal type.
 * Same `TESSERA_` namespace as `@tessera/core`; the client keeps its own list because it must not depend on core.
 */
export const TesseraClientErrorCode = {
  InputRequiredRoundsExceeded: 'TESSERA_INPUT_REQUIRED_ROUNDS_EXCEEDED',
  MissingInputCallback: 'TESSERA_MISSING_INPUT_CALLBACK',
  InputRequestRefused: 'TESSERA_INPUT_REQUEST_REFUSED',
  InvalidInputRequest: 'TESSERA_INVALID_INPUT_REQUEST',
  InputCallbackFailed: 'TESSERA_INPUT_CALLBACK_FAILED',
  CallTimeout: 'TESSERA_CALL_TIMEOUT',
  CallAborted: 'TESSERA_CALL_ABORTED',
  InvalidFlowRecord: 'TESSERA_INVALID_FLOW_RECORD',
  NotConnected: 'TESSERA_NOT_CONNECTED',
  InvalidConnectTarget: 'TESSERA_INVALID_CONNECT_TARGET',
  InvalidProtocolPreference: 'TESSERA_INVALID_PROTOCOL_PREFERENCE',
  InvalidClientOptions: 'TESSERA_INVALID_CLIENT_OPTIONS',
  ProtocolNegotiation: 'TESSERA_PROTOCOL_NEGOTIATION',
  TaskFailed: 'TESSERA_TASK_FAILED',
  TaskCancelled: 'TESSERA_TASK_CANCELLED',
  TaskExpired: 'TESSERA_TASK_EXPIRED',
  TaskNotFound: 'TESSERA_TASK_NOT_FOUND',
  InvalidTask: 'TESSERA_INVALID_TASK',
  TaskRoundsExceeded: 'TESSERA_TASK_ROUNDS_EXCEEDED',
  TaskRequestFailed: 'TESSERA_TASK_REQUEST_FAILED',
  AuthorizationFailed: 'TESSERA_AUTHORIZATION_FAILED',
  InsufficientScope: 'TESSERA_INSUFFICIENT_SCOPE',
  DpopNonce: 'TESSERA_DPOP_NONCE',
  InvalidDpopKey: 'TESSERA_INVALID_DPOP_KEY',
  InvalidAssertion: 'TESSERA_INVALID_ASSERTION',
  UnknownSkill: 'TESSERA_UNKNOWN_SKILL',
  AmbiguousSkillName: 'TESSERA_AMBIGUOUS_SKILL_NAME',
} as const;

export type TesseraClientErrorCode = (typeof TesseraClientErrorCode)[keyof typeof TesseraClientErrorCode];
