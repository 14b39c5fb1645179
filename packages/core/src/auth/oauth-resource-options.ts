import type { FetchLike } from '@modelcontextprotocol/server';

/**
 * This server as an OAuth 2.1 resource server, configured rather than hand-written: the issuer's metadata
 * is discovered (RFC 8414, then OpenID Connect discovery), JWT access tokens are verified against its JWKS,
 * and opaque tokens may be introspected (RFC 7662). The Protected Resource Metadata document (RFC 9728) is
 * served at the well-known path for `audience`, and every 401 points at it.
 */
export interface OAuthResourceOptions {
  /** The authorization server's issuer identifier, exactly as its metadata and its tokens' `iss` spell it. */
  issuer: string;
  /**
   * This server's resource identifier (RFC 8707): its public URL, e.g. `https://mcp.example.com/mcp`. A token
   * is accepted only when its `aud` names it; it is also the `resource` of the metadata document.
   */
  audience: string;
  /** Scopes every request must carry (403 `insufficient_scope` otherwise); per-handler scopes add to these. */
  requiredScopes?: string[];
  /**
   * Advertised as `scopes_supported` in the metadata document. Default: `requiredScopes` and every scope a
   * tool, prompt or resource declares.
   */
  scopesSupported?: string[];
  /**
   * JWS algorithms a token may be signed with. Default: the asymmetric ones (RS, PS, ES families and EdDSA).
   * `none` and the HMAC ones are refused here: a public JWKS cannot hold a shared secret.
   */
  algorithms?: string[];
  /** Tolerated clock difference for `exp`, `nbf` and `iat`, in seconds. Default 30. */
  clockToleranceSeconds?: number;
  /** Accept only JWTs whose header `typ` is this (RFC 9068 says `at+jwt`). Default: any `typ`. */
  tokenType?: string;
  /** The JWKS URL, when the issuer's metadata does not name one (or to pin another). */
  jwksUri?: string;
  /**
   * How long a fetched JWKS is trusted before it is fetched again, and the least time between two fetches
   * (a token with an unknown `kid` fetches at once, at most once per `cooldownMs`). Defaults 600000 and 30000 ms.
   */
  jwks?: { maxAgeMs?: number; cooldownMs?: number };
  /** Opaque (non-JWT) tokens are checked at the issuer's introspection endpoint (RFC 7662) as this client. */
  introspection?: IntrospectionOptions;
  /** `resource_name` in the metadata document. */
  resourceName?: string;
  /** `resource_documentation` in the metadata document. */
  documentationUrl?: string;
  /** Allow an `http:` issuer that is not on loopback. Testing only. */
  allowInsecureIssuer?: boolean;
  /** The `fetch` used for discovery, the JWKS and introspection (a proxy, or tests). Default the global one. */
  fetch?: FetchLike;
  /** Time limit for one call to the authorization server, in ms. Default 5000. */
  timeoutMs?: number;
}

/** The resource server's own credentials at the introspection endpoint (client_secret_basic). */
export interface IntrospectionOptions {
  clientId: string;
  clientSecret: string;
  /** Default: `introspection_endpoint` from the issuer's metadata. */
  endpoint?: string;
}
