import type { OAuthTokenVerifier } from '@modelcontextprotocol/server';
import type { OAuthResourceOptions } from './oauth-resource-options';

/** Bearer-token authentication with a verifier you write (built on the SDK's `requireBearerAuth`). */
export interface VerifierAuthOptions {
  /** Verifies an access token and describes it (client id, scopes, and issuer/subject in `extra`). */
  verifier: OAuthTokenVerifier;
  /** Scopes every request must carry (403 `insufficient_scope` otherwise). */
  requiredScopes?: string[];
  /** RFC 9728 Protected Resource Metadata URL, advertised in `WWW-Authenticate`. */
  resourceMetadataUrl?: string;
}

/**
 * Bearer-token authentication for Streamable HTTP: either configured (`{ issuer, audience, ... }`: discovery,
 * JWKS, introspection and the metadata document built in) or around your own `verifier`.
 */
export type HttpAuthOptions = OAuthResourceOptions | VerifierAuthOptions;
