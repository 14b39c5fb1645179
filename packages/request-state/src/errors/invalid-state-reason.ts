/**
 * Why a requestState was refused. Server-side only (logs, metrics): the wire always carries the same
 * message, so a client learns nothing about which check failed.
 */
export type InvalidStateReason =
  | 'not_string'
  | 'too_long'
  | 'malformed'
  | 'unknown_key'
  | 'tag_mismatch'
  | 'codec_error'
  | 'bad_payload'
  | 'wrong_version'
  | 'bad_time'
  | 'exp_beyond_ttl'
  | 'issued_in_future'
  | 'expired'
  | 'method_mismatch'
  | 'target_mismatch'
  | 'arguments_mismatch'
  | 'audience_drift'
  | 'audience_mismatch'
  | 'principal_error'
  | 'principal_drift'
  | 'principal_mismatch'
  | 'not_verified'
  | 'no_nonce'
  | 'single_use_without_store'
  | 'replayed';
