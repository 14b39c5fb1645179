import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * The server answered 403 `insufficient_scope` again after the client had re-authorized once with the union of
 * the scopes it held and the scopes the server asked for: the user (or the authorization server's policy) did
 * not grant them. Not retried further.
 */
export class InsufficientScopeError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InsufficientScope;

  constructor(
    readonly serverUrl: string,
    /** The scope the server's last challenge named, if it named one. */
    readonly requiredScope: string | undefined,
    /** The scope of the token the client holds now. */
    readonly grantedScope: string | undefined,
  ) {
    super(
      TesseraClientErrorCode.InsufficientScope,
      `${serverUrl} still refuses the request for lack of scope after one step-up authorization ` +
        `(required: ${requiredScope ?? 'not named'}; granted: ${grantedScope ?? 'none named'}).`,
    );
  }
}
