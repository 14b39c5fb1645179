import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import { loadFeature } from '../loading/load-feature';

/**
 * The answer for a JWT that failed verification: `invalid_token` with a short reason a client can act on
 * (RFC 6750 lets the server say why), or `server_error` when the keys could not be fetched, which is not
 * the token's fault. The full jose error goes to the server log, never to the client.
 */
export function tokenFailure(error: unknown): OAuthError {
  if (error instanceof OAuthError) return error;
  const { errors } = loadFeature('jose');
  const invalid = (why: string) => new OAuthError(OAuthErrorCode.InvalidToken, why);
  if (error instanceof errors.JWTExpired) return invalid('Token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return invalid('Token was not issued for this resource');
    if (error.claim === 'iss') return invalid('Token was issued by another issuer');
    if (error.claim === 'nbf') return invalid('Token is not valid yet');
    if (error.claim === 'typ') return invalid('Token is not an access token (typ)');
    return invalid(`Token claim "${error.claim}" is invalid`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return invalid('Token signing algorithm is not allowed');
  if (error instanceof errors.JWSSignatureVerificationFailed) return invalid('Token signature is invalid');
  if (error instanceof errors.JWKSNoMatchingKey)
    return invalid("Token was signed with a key the issuer doesn't publish");
  if (error instanceof errors.JWKSMultipleMatchingKeys)
    return invalid('Token names no key id (kid) and the issuer publishes several');
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported
  )
    return invalid('Token is malformed');
  return new OAuthError(OAuthErrorCode.ServerError, 'The authorization server could not be reached');
}
