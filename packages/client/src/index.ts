/**
 * MCP client that drives multi-round-trip requests: callbacks, automatic rounds, backoff, manual mode, resumable flows.
 *
 * @module @tessera/client
 */
// Public API of @tessera/client: named exports only; this list is the package's surface.
export { TesseraClient, TesseraClient as Client } from './client/tessera-client';
export type { Listing, McpResultByMethod, PromptParams, ResourceParams, ToolParams } from './client/call-types';
export {
  DEFAULT_MAX_ROUNDS,
  type CallOptions,
  type ManualCallOptions,
  type ProtocolPreference,
  type TaskHandleCallOptions,
  type TesseraClientOptions,
} from './client/client-options';
export type {
  ElicitationAnswer,
  ElicitationCallback,
  ElicitationContentValue,
  ElicitationHandler,
  InputCallbackContext,
  InputCallbacks,
  ListRootsCallback,
  SamplingCallback,
} from './callbacks/input-callbacks.types';
export type { InputKind } from './callbacks/input-kind';
export type { RefusalQuery, RefusePolicy } from './callbacks/refuse-policy';
export type {
  ConnectOptions,
  ConnectTarget,
  HttpTarget,
  InMemoryTarget,
  StdioTarget,
  TransportTarget,
} from './connect/connect-target';
export { nodeHttpFetch } from './accelerators/node-http/default-http-fetch';
export { createFlowRecord, parseFlowRecord, type FlowRecord } from './flow/flow-record';
export { isInputRequired } from './flow/is-input-required';
export { describeCall, type McpCall, type McpCallMethod } from './flow/mcp-call';
export type {
  ConnectRetryEvent,
  InputRequestEvent,
  InputResponseEvent,
  LegRetryEvent,
  RoundEvent,
  RoundHooks,
  TaskRequestRetryEvent,
} from './rounds/round-hooks.types';
export { classifyLegFailure, STORE_UNAVAILABLE_CODE, type LegFailure, type LegFailureKind } from './rounds/leg-failure';
export {
  DEFAULT_LEG_RETRIES,
  DEFAULT_LEG_RETRY_INITIAL_MS,
  DEFAULT_LEG_RETRY_MAX_MS,
  type LegRetryOptions,
} from './rounds/leg-retry-policy';
export type { Sleep } from './rounds/sleep';
export {
  STATE_ONLY_BACKOFF_INITIAL_MS,
  STATE_ONLY_BACKOFF_MAX_MS,
  StateOnlyBackoff,
} from './rounds/state-only-backoff';
export { TesseraClientErrorCode } from './errors/codes';
export { TesseraClientError } from './errors/tessera-client-error';
export { InputRequiredRoundsExceededError, type RepeatedQuestion } from './errors/input-required-rounds-exceeded.error';
export { MissingInputCallbackError } from './errors/missing-input-callback.error';
export { InputRequestRefusedError } from './errors/input-request-refused.error';
export { InvalidInputRequestError } from './errors/invalid-input-request.error';
export { InputCallbackFailedError } from './errors/input-callback-failed.error';
export { CallTimeoutError } from './errors/call-timeout.error';
export { CallAbortedError } from './errors/call-aborted.error';
export { InvalidFlowRecordError } from './errors/invalid-flow-record.error';
export { NotConnectedError } from './errors/not-connected.error';
export { InvalidConnectTargetError } from './errors/invalid-connect-target.error';
export { InvalidProtocolPreferenceError } from './errors/invalid-protocol-preference.error';
export { InvalidClientOptionsError } from './errors/invalid-client-options.error';
export { ProtocolNegotiationError } from './errors/protocol-negotiation.error';
export { LOG_LEVELS, type LogCallback } from './logging/log-options';
export {
  authorizationCode,
  clientCredentials,
  workloadIdentity,
  TesseraOAuthProvider,
  type OAuthGrant,
} from './auth/oauth-provider';
export type {
  AuthorizationCodeOptions,
  ClientCredentialsOptions,
  OAuthCommonOptions,
  WorkloadIdentityOptions,
} from './auth/oauth-options';
export type { AuthorizationRedirect, AuthorizationResponse } from './auth/authorization-redirect';
export { loopbackRedirect, type LoopbackRedirectOptions } from './auth/loopback-redirect';
export { MemoryTokenStore, type StoredCredentials, type TokenStore } from './auth/token-store';
export type { DpopOption } from './auth/dpop-key';
export { AuthorizationFailedError } from './errors/authorization-failed.error';
export { InsufficientScopeError } from './errors/insufficient-scope.error';
export { DpopNonceError } from './errors/dpop-nonce.error';
export { InvalidDpopKeyError } from './errors/invalid-dpop-key.error';
export { InvalidAssertionError } from './errors/invalid-assertion.error';
export { TaskHandle } from './tasks/task-handle';
export type { TaskDriveOptions } from './tasks/task-drive-options';
export type { TaskRequestOptions } from './tasks/task-requests';
export type { TaskStatusEvent } from './tasks/task-status-event';
export { DEFAULT_TASK_POLL_MS, MAX_TASK_POLL_MS, type TaskPollOptions } from './tasks/task-poll-policy';
export {
  TASKS_EXTENSION,
  type DetailedTask,
  type TaskError,
  type TaskInfo,
  type TaskStatus,
} from './tasks/task-wire.types';
export { TaskFailedError } from './errors/task-failed.error';
export { TaskCancelledError } from './errors/task-cancelled.error';
export { TaskExpiredError } from './errors/task-expired.error';
export { TaskNotFoundError } from './errors/task-not-found.error';
export { InvalidTaskError } from './errors/invalid-task.error';
export { TaskRoundsExceededError } from './errors/task-rounds-exceeded.error';
export { TaskRequestFailedError } from './errors/task-request-failed.error';
export type { TaskRequestMethod } from './tasks/task-request-method';
export { ClientSkills } from './skills/client-skills';
export { UnknownSkillError } from './errors/unknown-skill.error';
export { AmbiguousSkillNameError } from './errors/ambiguous-skill-name.error';
export {
  SkillVerificationError,
  type DirectoryResource,
  type InvalidSkillEntry,
  type Skill,
  type SkillFile,
  type SkillListing,
  type SkillResourceEntry,
  type SkillsClientOptions,
  type SkillVerificationReason,
} from '@modelcontextprotocol/client/ext/skills';
export type {
  CallToolResult,
  GetPromptResult,
  InputRequests,
  InputRequiredResult,
  InputResponses,
  ReadResourceResult,
} from '@modelcontextprotocol/client';
