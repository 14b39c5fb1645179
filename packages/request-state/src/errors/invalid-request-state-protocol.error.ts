import { errorBrand } from '@tessera/common';
import { RequestStateJsonRpcCode } from './codes';
import { INVALID_REQUEST_STATE_MESSAGE } from './invalid-request-state.error';

/** This package's brand with its wire code table: a RequestStateError (string codes) is never taken for one. */
const BRAND = errorBrand('@tessera/request-state', RequestStateJsonRpcCode);

/**
 * What `protectRequestState` throws by default on a refusal after the verify hook (in `read()`, and in the
 * handlers `install()` wraps). The SDK answers any thrown value with a numeric `code` as that JSON-RPC
 * error, so this is the same -32602, message and data as a refusal in the verify hook, without this
 * package depending on the SDK at run time. The reason is not on it (it would reach the wire);
 * `onInvalid` receives it.
 */
export class InvalidRequestStateProtocolError extends Error {
  readonly code = RequestStateJsonRpcCode.InvalidParams;
  readonly data = { reason: 'invalid_request_state' } as const;

  constructor() {
    super(INVALID_REQUEST_STATE_MESSAGE);
    this.name = 'InvalidRequestStateProtocolError';
    BRAND.mark(this);
  }

  /** Recognises one built by any loaded copy of this package. */
  static isInstance(value: unknown): value is InvalidRequestStateProtocolError {
    return BRAND.isInstance(value);
  }
}
