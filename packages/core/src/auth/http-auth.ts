import { requireBearerAuth, type AuthInfo } from '@modelcontextprotocol/server';
import type { HttpAuthOptions } from './http-auth-options';
import type { Logger } from '../logging/logger';
import { checkAuthOptionKeys, checkOAuthResourceOptions } from './check-oauth-resource-options';
import { OAuthTokenVerifierFromOptions } from './oauth-token-verifier';
import { ProtectedResourceMetadata } from './protected-resource-metadata';

/**
 * Bearer authentication as the HTTP endpoint applies it, for both forms of `auth`: the token checked before
 * the body is read, and the metadata document served (configured form). Scope challenges made later
 * (scope-challenge.ts) read `requiredScopes` and `resourceMetadataUrl` here, so every refusal carries the
 * same `WWW-Authenticate` parameters.
 */
export class HttpAuth {
  readonly authenticate: (request: Request) => Promise<AuthInfo | Response>;
  readonly metadata?: ProtectedResourceMetadata;
  readonly requiredScopes: readonly string[];
  readonly resourceMetadataUrl?: string;

  /** `declaredScopes`: every scope a handler declares, advertised in the metadata document by default. */
  constructor(options: HttpAuthOptions, logger: Logger, declaredScopes: readonly string[] = []) {
    checkAuthOptionKeys(options);
    this.requiredScopes = options.requiredScopes ?? [];
    if (isVerifierForm(options)) {
      this.resourceMetadataUrl = options.resourceMetadataUrl;
      this.authenticate = requireBearerAuth(options);
      return;
    }
    checkOAuthResourceOptions(options);
    const supported = options.scopesSupported ?? [...new Set([...this.requiredScopes, ...declaredScopes])];
    this.metadata = new ProtectedResourceMetadata(options, supported);
    this.resourceMetadataUrl = this.metadata.url;
    this.authenticate = requireBearerAuth({
      verifier: new OAuthTokenVerifierFromOptions(options, logger),
      requiredScopes: [...this.requiredScopes],
      resourceMetadataUrl: this.resourceMetadataUrl,
    });
  }
}

function isVerifierForm(options: HttpAuthOptions): options is Extract<HttpAuthOptions, { verifier: unknown }> {
  return 'verifier' in options && options.verifier !== undefined;
}
