import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * The OAuth flow for a server did not end with a usable token: the authorization server refused (its `error`
 * and description are in the message), the user declined or never came back, or the server still answered
 * 401 to the new token. `cause` holds the SDK's or the authorization server's own error when there is one.
 */
export class AuthorizationFailedError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.AuthorizationFailed;

  constructor(
    readonly serverUrl: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(TesseraClientErrorCode.AuthorizationFailed, `Authorization for ${serverUrl} failed: ${reason}`, options);
  }
}
