import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger';
import { IntrospectionGate } from './introspection-gate';
import type { IssuerConnection } from './issuer-connection';
import type { IntrospectionOptions } from './oauth-resource-options';
import { audienceIncludes, authInfoFromClaims, type TokenClaims } from './token-claims';

/**
 * Verifies opaque access tokens at the issuer's introspection endpoint (RFC 7662), authenticated as the
 * resource server's own client (client_secret_basic). Only an `active` answer whose `aud` names this
 * resource, whose `iss` (when given) is the issuer and whose `exp` is in the future is accepted: an
 * introspection answer for a token meant for another resource must not open this one. An active answer is
 * reused until the token expires (at most 5 minutes), and calls to the issuer are bounded (introspection-gate.ts).
 */
export class IntrospectionTokenVerifier implements OAuthTokenVerifier {
  constructor(
    private readonly connection: IssuerConnection,
    private readonly options: IntrospectionOptions,
    private readonly audience: string,
    private readonly clockToleranceSeconds: number,
    private readonly logger: Logger,
  ) {}

  private readonly gate = new IntrospectionGate();

  verifyAccessToken(token: string): Promise<AuthInfo> {
    return this.gate.verify(token, () => this.verifyAtIssuer(token), busy);
  }

  private async verifyAtIssuer(token: string): Promise<AuthInfo> {
    const claims = await this.introspect(token);
    const invalid = (why: string) => new OAuthError(OAuthErrorCode.InvalidToken, why);
    if (claims.active !== true) throw invalid('Token is not active');
    if (claims.iss !== undefined && claims.iss !== this.connection.issuer)
      throw invalid('Token was issued by another issuer');
    if (!audienceIncludes(claims.aud, this.audience)) throw invalid('Token was not issued for this resource');
    return authInfoFromClaims(
      token,
      { iss: this.connection.issuer, ...claims },
      this.audience,
      this.clockToleranceSeconds,
    );
  }

  private async introspect(token: string): Promise<TokenClaims & { active?: unknown }> {
    const endpoint = this.options.endpoint ?? (await this.connection.load()).introspection_endpoint;
    if (endpoint === undefined) {
      this.logger.error('OAuth issuer publishes no introspection_endpoint: set auth.introspection.endpoint', {
        issuer: this.connection.issuer,
      });
      throw unavailable();
    }
    const credentials = `${encodeURIComponent(this.options.clientId)}:${encodeURIComponent(this.options.clientSecret)}`;
    let response: Response;
    try {
      response = await this.connection.fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(credentials)}`, // ASCII: both parts are percent-encoded
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        signal: AbortSignal.timeout(this.connection.timeoutMs),
      });
    } catch (error) {
      this.logger.error('token introspection failed', { endpoint, error });
      throw unavailable();
    }
    const body = (await response.json().catch(() => undefined)) as (TokenClaims & { active?: unknown }) | undefined;
    if (!response.ok || typeof body !== 'object' || body === null) {
      this.logger.error('token introspection refused', { endpoint, status: response.status });
      throw unavailable();
    }
    return body;
  }
}

function busy(): OAuthError {
  return new OAuthError(OAuthErrorCode.ServerError, 'Token introspection is busy');
}

function unavailable(): OAuthError {
  return new OAuthError(OAuthErrorCode.ServerError, 'Token introspection is unavailable');
}
