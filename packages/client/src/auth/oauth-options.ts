import type { AuthorizationRedirect } from './authorization-redirect';
import type { DpopOption } from './dpop-key';
import type { TokenStore } from './token-store';

/** What every grant takes. */
export interface OAuthCommonOptions {
  /** Where tokens and registrations are kept. Default: a `MemoryTokenStore` of this provider's own. */
  store?: TokenStore;
  /** Scopes to ask for when the server's challenge names none (space-separated). */
  scope?: string;
  /** Sender-constrained tokens (RFC 9449): a DPoP proof on the token request and on every request to the server. */
  dpop?: DpopOption;
  /** `client_name` when the client registers itself. Default `tessera-client`. */
  clientName?: string;
}

/** Authorization code with PKCE, for a person: a browser to the authorization server and back. */
export interface AuthorizationCodeOptions extends OAuthCommonOptions {
  /** How the user gets there and the answer comes back, e.g. `loopbackRedirect({ open })`. */
  redirect: AuthorizationRedirect;
  /** A client registered beforehand; without it the client uses `clientMetadataUrl` or registers itself (RFC 7591). */
  clientId?: string;
  clientSecret?: string;
  /** An HTTPS URL serving this client's metadata document, used as its `client_id` where the server supports it. */
  clientMetadataUrl?: string;
}

/** Client credentials, for a machine acting as itself. */
export interface ClientCredentialsOptions extends OAuthCommonOptions {
  clientId: string;
  clientSecret: string;
}

/**
 * Workload identity federation: the RFC 7523 JWT bearer grant, exchanging a token the workload's platform issued
 * (a Kubernetes service account token, a cloud or CI OIDC token) for an access token.
 */
export interface WorkloadIdentityOptions extends OAuthCommonOptions {
  clientId: string;
  /** The platform's JWT, read fresh for each token request (it is short-lived): e.g. from a mounted file. */
  assertion: () => string | Promise<string>;
}
