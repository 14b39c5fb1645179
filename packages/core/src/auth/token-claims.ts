import { OAuthError, OAuthErrorCode, type AuthInfo } from '@modelcontextprotocol/server';

/** The claims of a verified JWT access token (RFC 9068) or an active introspection answer (RFC 7662). */
export interface TokenClaims {
  iss?: unknown;
  sub?: unknown;
  aud?: unknown;
  exp?: unknown;
  iat?: unknown;
  client_id?: unknown;
  azp?: unknown;
  scope?: unknown;
  scp?: unknown;
  [claim: string]: unknown;
}

/**
 * The SDK's AuthInfo for verified claims: the client from `client_id` (RFC 9068) or `azp` (OpenID
 * providers that use it), scopes from `scope` (space-separated) or `scp`, the expiry from `exp`, and in
 * `extra` the issuer and subject that `@Principal()` and the requestState binding read, with every claim.
 * A token that names no client or has no expiry is refused: the binding and the expiry check need both.
 * The subject follows the rule of a verifier of your own (`principalFromAuthInfo`): a non-empty string, or a
 * finite number as its decimal text; any other `sub` (empty, an object, an array, a boolean) refuses the token,
 * for bound to the client id alone its users would share each other's flows and tasks.
 */
export function authInfoFromClaims(
  token: string,
  claims: TokenClaims,
  audience: string,
  clockToleranceSeconds: number,
): AuthInfo {
  const clientId = [claims.client_id, claims.azp].find((v): v is string => typeof v === 'string' && v !== '');
  if (clientId === undefined) throw new OAuthError(OAuthErrorCode.InvalidToken, 'Token names no client (client_id)');
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp))
    throw new OAuthError(OAuthErrorCode.InvalidToken, 'Token has no expiration time');
  // jose checks `iat` only with a maximum token age; a token from the future is a clock or an issuer gone wrong
  if (typeof claims.iat === 'number' && claims.iat > Date.now() / 1000 + clockToleranceSeconds)
    throw new OAuthError(OAuthErrorCode.InvalidToken, 'Token was issued in the future (iat)');
  const subject = subjectOf(claims.sub);
  return {
    token,
    clientId,
    scopes: scopesOf(claims),
    // the SDK refuses past expiresAt with no tolerance of its own: the accepted skew is part of it
    expiresAt: claims.exp + clockToleranceSeconds,
    ...(URL.canParse(audience) && { resource: new URL(audience) }),
    extra: {
      ...(typeof claims.iss === 'string' && { issuer: claims.iss }),
      ...(subject !== undefined && { subject }),
      claims,
    },
  };
}

/** The token's subject, `undefined` when it names none; refuses one that is present but unusable. */
function subjectOf(sub: unknown): string | undefined {
  if (sub === undefined || sub === null) return undefined;
  if (typeof sub === 'string' && sub !== '') return sub;
  if (typeof sub === 'number' && Number.isFinite(sub)) return String(sub);
  const kind =
    sub === ''
      ? 'an empty string'
      : Array.isArray(sub)
        ? 'an array'
        : typeof sub === 'object'
          ? 'an object'
          : `a ${typeof sub}`;
  throw new OAuthError(OAuthErrorCode.InvalidToken, `Token subject (sub) is ${kind}, not a user id`);
}

function scopesOf(claims: TokenClaims): string[] {
  const value = claims.scope ?? claims.scp;
  if (typeof value === 'string') return value.split(' ').filter((s) => s !== '');
  if (Array.isArray(value)) return value.filter((s): s is string => typeof s === 'string' && s !== '');
  return [];
}

/** Whether `aud` (a string or an array of them) names the audience. */
export function audienceIncludes(aud: unknown, audience: string): boolean {
  return typeof aud === 'string' ? aud === audience : Array.isArray(aud) && aud.includes(audience);
}
