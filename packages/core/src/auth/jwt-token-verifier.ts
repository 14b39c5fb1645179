import { OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import type { JWTVerifyGetKey } from 'jose' with { 'resolution-mode': 'import' };
import type { Logger } from '../logging/logger';
import type { IssuerConnection } from './issuer-connection';
import { loadFeature } from '../loading/load-feature';
import { authInfoFromClaims } from './token-claims';
import { tokenFailure } from './token-failure';

export interface JwtVerification {
  audience: string;
  algorithms: string[];
  clockToleranceSeconds: number;
  tokenType?: string;
  jwksUri?: string;
  jwks: { maxAgeMs: number; cooldownMs: number };
}

/**
 * Verifies JWT access tokens (RFC 9068) against the issuer's JWKS with jose: signature under an allowed
 * algorithm, `iss`, `aud` naming this resource, `exp` and `nbf` within the clock tolerance. The key set is
 * fetched once and cached; a token with a `kid` not in the cache fetches it again (a rotation), at most once
 * per cooldown, so a stream of forged key ids cannot make this server hammer the issuer.
 */
export class JwtTokenVerifier implements OAuthTokenVerifier {
  private keys?: Promise<JWTVerifyGetKey>;

  constructor(
    private readonly connection: IssuerConnection,
    private readonly options: JwtVerification,
    private readonly logger: Logger,
  ) {}

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const keys = await this.keySet();
    try {
      const { payload } = await loadFeature('jose').jwtVerify(token, keys, {
        issuer: this.connection.issuer,
        audience: this.options.audience,
        algorithms: this.options.algorithms,
        clockTolerance: this.options.clockToleranceSeconds,
        requiredClaims: ['exp'],
        ...(this.options.tokenType !== undefined && { typ: this.options.tokenType }),
      });
      return authInfoFromClaims(token, payload, this.options.audience, this.options.clockToleranceSeconds);
    } catch (error) {
      const failure = tokenFailure(error);
      if (failure.code === OAuthErrorCode.ServerError) this.logger.error('JWKS unavailable', { error });
      else this.logger.debug('access token refused', { reason: failure.message, error: (error as Error).message });
      throw failure;
    }
  }

  private keySet(): Promise<JWTVerifyGetKey> {
    this.keys ??= this.createKeySet();
    this.keys.catch(() => (this.keys = undefined));
    return this.keys;
  }

  private async createKeySet(): Promise<JWTVerifyGetKey> {
    const uri = this.options.jwksUri ?? (await this.connection.load()).jwks_uri;
    if (uri === undefined) {
      this.logger.error('OAuth issuer publishes no jwks_uri: set auth.jwksUri', { issuer: this.connection.issuer });
      throw tokenFailure(new Error('no jwks_uri'));
    }
    const fetch = this.connection.fetch;
    const { createRemoteJWKSet, customFetch } = loadFeature('jose');
    return createRemoteJWKSet(new URL(uri), {
      cacheMaxAge: this.options.jwks.maxAgeMs,
      cooldownDuration: this.options.jwks.cooldownMs,
      timeoutDuration: this.connection.timeoutMs,
      [customFetch]: (url: string, init: RequestInit) => fetch(url, init),
    });
  }
}
