import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { Logger } from '../logging/logger';
import { IntrospectionTokenVerifier } from './introspection-token-verifier';
import { IssuerConnection } from './issuer-connection';
import { JwtTokenVerifier } from './jwt-token-verifier';
import type { OAuthResourceOptions } from './oauth-resource-options';

/** Asymmetric JWS algorithms: what a JWKS published for everyone to read can verify. */
export const DEFAULT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

const JWS_COMPACT = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/**
 * The verifier `auth: { issuer, audience, ... }` builds: JWT access tokens through the JWKS; when
 * `introspection` is set, tokens that are not JWTs (opaque ones) through introspection.
 */
export class OAuthTokenVerifierFromOptions implements OAuthTokenVerifier {
  private readonly jwt: JwtTokenVerifier;
  private readonly introspection?: IntrospectionTokenVerifier;

  constructor(options: OAuthResourceOptions, logger: Logger) {
    const connection = new IssuerConnection(
      options.issuer,
      options.fetch ?? ((url, init) => fetch(url, init)),
      options.timeoutMs ?? 5000,
      logger,
    );
    const clockToleranceSeconds = options.clockToleranceSeconds ?? 30;
    this.jwt = new JwtTokenVerifier(
      connection,
      {
        audience: options.audience,
        algorithms: checkedAlgorithms(options.algorithms),
        clockToleranceSeconds,
        tokenType: options.tokenType,
        jwksUri: options.jwksUri,
        jwks: { maxAgeMs: options.jwks?.maxAgeMs ?? 600_000, cooldownMs: options.jwks?.cooldownMs ?? 30_000 },
      },
      logger,
    );
    if (options.introspection)
      this.introspection = new IntrospectionTokenVerifier(
        connection,
        options.introspection,
        options.audience,
        clockToleranceSeconds,
        logger,
      );
  }

  verifyAccessToken(token: string): Promise<AuthInfo> {
    if (this.introspection && !JWS_COMPACT.test(token)) return this.introspection.verifyAccessToken(token);
    return this.jwt.verifyAccessToken(token);
  }
}

function checkedAlgorithms(algorithms: string[] | undefined): string[] {
  if (algorithms === undefined) return DEFAULT_ALGORITHMS;
  if (!Array.isArray(algorithms) || algorithms.length === 0)
    throw new InvalidConfigurationError('auth.algorithms must be a non-empty array of JWS algorithm names.');
  for (const alg of algorithms) {
    if (alg === 'none' || /^HS/.test(alg))
      throw new InvalidConfigurationError(
        `auth.algorithms: "${alg}" cannot be verified against a public JWKS; use an asymmetric algorithm (RS256, ES256, EdDSA...).`,
      );
  }
  return algorithms;
}
