import { OAuthError, OAuthErrorCode, type AuthInfo } from '@modelcontextprotocol/server';

/** The claims of a verified JWT access token (RFC 9068) or an active introspection answer (RFC 7662). */
export interface TokenClaims {
  iss?: unknown;
  sub?: unknown;
  aud?: unknown;
  exp?: unknown;
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
  return {
    token,
    clientId,
    scopes: scopesOf(claims),
    // the SDK refuses past expiresAt with no tolerance of its own: the accepted skew is part of it
    expiresAt: claims.exp + clockToleranceSeconds,
    ...(URL.canParse(audience) && { resource: new URL(audience) }),
    extra: {
      ...(typeof claims.iss === 'string' && { issuer: claims.iss }),
      ...(typeof claims.sub === 'string' && claims.sub !== '' && { subject: claims.sub }),
      claims,
    },
  };
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
