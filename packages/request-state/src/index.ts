/**
 * Sealed, bound and rotatable requestState for MCP 2026-07-28 servers (AEAD, key rotation, TTL, principal/request/audience binding).
 *
 * @module @tessera/request-state
 */
// Public API of @tessera/request-state: named exports only; this list is the package's surface.
export { RequestStateSecurity, DEFAULT_TTL_SECONDS, DEFAULT_MAX_TOKEN_LENGTH } from './request-state-security';
export { MAX_SEALS_PER_KEY } from './crypto/aes-gcm-token-codec';
export type { RequestStateSecurityOptions, IdempotentLegOptions } from './request-state-security-options';
export type { RequestStateCodec } from './sealing/request-state-codec';
export type { RequestStateSealer, OpenedLeg } from './sealing/request-state-sealer';
export type { LegRun } from './single-use/claim-leg';
export type { RecordedAnswer } from './single-use/leg-answers';
export type { LegClaim, LegClaimOutcome, LegFinish, LegRenewal } from './single-use/leg-record';
export { LegInProgressError } from './errors/leg-in-progress.error';
export { IdempotencyKeyReusedError } from './errors/idempotency-key-reused.error';
export type { RequestBinding } from './binding/request-binding';
export { argumentsDigest } from './binding/arguments-digest';
export { authIdentity, principalFromAuthInfo } from './binding/principal-from-auth-info';
export type { PrincipalAuthInfo } from './binding/principal-from-auth-info';
export { boundPrincipal } from './binding/bound-principal';
export {
  InvalidRequestStateError,
  INVALID_REQUEST_STATE_MESSAGE,
  isInvalidRequestStateError,
} from './errors/invalid-request-state.error';
export type { InvalidStateReason } from './errors/invalid-state-reason';
export { invalidRequestStateJsonRpcError } from './errors/invalid-request-state-json-rpc-error';
export type { InvalidRequestStateJsonRpcError } from './errors/invalid-request-state-json-rpc-error';
export { RequestStateConfigError } from './errors/request-state-config.error';
export { RequestStateTooLargeError } from './errors/request-state-too-large.error';
export { UnusableAuthInfoError } from './errors/unusable-auth-info.error';
export { RequestStateError } from './errors/request-state-error';
export { RequestStateErrorCode, RequestStateJsonRpcCode } from './errors/codes';
export { protectRequestState } from './sdk/protect-request-state';
export type { SingleUseStore } from './single-use/single-use-store';
export type { SingleUseSettings } from './single-use/consume-once';
export type { IdempotentLegSettings } from './single-use/leg-record';
export { MemorySingleUseStore } from './single-use/memory-single-use-store';
export { SingleUseStoreUnavailableError } from './errors/single-use-store-unavailable.error';
export {
  DEFAULT_SINGLE_USE_TIMEOUT_MS,
  DEFAULT_LEG_LEASE_MS,
  DEFAULT_LEG_WAIT_MS,
  DEFAULT_FIRST_LEG_WINDOW_MS,
} from './single-use/single-use-settings';
export type { ProtectRequestStateOptions, ProtectedRequestState } from './sdk/protect-request-state';
export type { RequestStateContext, RequestTarget } from './sdk/request-state-context';
export type { ProtectableServer, RequestHandlerHost } from './sdk/protectable-server';
export { VerifiedRequestState } from './sdk/verified-request-state';
export { InvalidRequestStateProtocolError } from './errors/invalid-request-state-protocol.error';
