import type { OAuthTokenVerifier } from '@modelcontextprotocol/server';

/** Bearer-token authentication for Streamable HTTP (built on the SDK's `requireBearerAuth`). */
export interface HttpAuthOptions {
  /** Verifies an access token and describes it (client id, scopes, and issuer/subject in `extra`). */
  verifier: OAuthTokenVerifier;
  /** Scopes every request must carry (403 `insufficient_scope` otherwise). */
  requiredScopes?: string[];
  /** RFC 9728 Protected Resource Metadata URL, advertised in `WWW-Authenticate`. */
  resourceMetadataUrl?: string;
}
