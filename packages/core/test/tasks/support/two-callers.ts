import { OAuthError, OAuthErrorCode, type AuthInfo } from '@modelcontextprotocol/server';

/**
 * A bearer verifier that knows two callers of one client, alice and mallory (tokens `alice-token` and
 * `mallory-token`), so a test can check that one caller never reaches the other's tasks.
 */
export function twoCallers(clientId: string) {
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const subject = { 'alice-token': 'alice', 'mallory-token': 'mallory' }[token];
      if (!subject) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
      return {
        token,
        clientId,
        scopes: [],
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
        extra: { subject, issuer: 'https://id.example' },
      };
    },
  };
}
