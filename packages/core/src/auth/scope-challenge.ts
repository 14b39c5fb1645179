import { bearerAuthChallengeResponse, OAuthError, OAuthErrorCode, type AuthInfo } from '@modelcontextprotocol/server';

/**
 * The 403 for a verified token that lacks a scope `what` needs, or undefined when it has them all (or the
 * request carries no verified token: without auth there is no scope to check). The challenge names every
 * scope the operation needs with the app-wide ones, so a client asks for exactly those (step-up).
 */
export function scopeChallenge(
  authInfo: AuthInfo | undefined,
  needed: readonly string[],
  what: string,
  defaults: { requiredScopes?: readonly string[]; resourceMetadataUrl?: string } = {},
): Response | undefined {
  if (authInfo === undefined || needed.length === 0) return undefined;
  const granted = new Set(authInfo.scopes);
  const missing = needed.filter((scope) => !granted.has(scope));
  if (missing.length === 0) return undefined;
  const error = new OAuthError(OAuthErrorCode.InsufficientScope, `${what} needs scope ${missing.join(' ')}`);
  return bearerAuthChallengeResponse(error, {
    requiredScopes: [...new Set([...(defaults.requiredScopes ?? []), ...needed])],
    resourceMetadataUrl: authInfo.resourceMetadataUrl ?? defaults.resourceMetadataUrl,
  });
}
