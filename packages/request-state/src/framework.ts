/**
 * Sealing, binding and the single-use store of `@tessera/request-state`, without the guard for a raw SDK server
 * (`protectRequestState`, `VerifiedRequestState`): what a framework that seals state itself imports, so that its
 * start does not load the guard. The same modules as the package root's, so the same classes.
 *
 * @module @tessera/request-state/framework
 */
// Named exports only: the root entry's list without the SDK guard's part.
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
