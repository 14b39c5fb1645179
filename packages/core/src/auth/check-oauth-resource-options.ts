import { checkOptions } from '../errors/definition/check-options';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { HttpAuthOptions, VerifierAuthOptions } from './http-auth-options';
import type { IntrospectionOptions, OAuthResourceOptions } from './oauth-resource-options';

const OAUTH_RESOURCE_OPTIONS = {
  issuer: true,
  audience: true,
  requiredScopes: true,
  scopesSupported: true,
  algorithms: true,
  clockToleranceSeconds: true,
  tokenType: true,
  jwksUri: true,
  jwks: true,
  introspection: true,
  resourceName: true,
  documentationUrl: true,
  allowInsecureIssuer: true,
  fetch: true,
  timeoutMs: true,
} as const satisfies Record<keyof OAuthResourceOptions, true>;

const VERIFIER_AUTH_OPTIONS = {
  verifier: true,
  requiredScopes: true,
  resourceMetadataUrl: true,
} as const satisfies Record<keyof VerifierAuthOptions, true>;

const JWKS_OPTIONS = { maxAgeMs: true, cooldownMs: true } as const satisfies Record<
  keyof NonNullable<OAuthResourceOptions['jwks']>,
  true
>;

const INTROSPECTION_OPTIONS = { clientId: true, clientSecret: true, endpoint: true } as const satisfies Record<
  keyof IntrospectionOptions,
  true
>;

/**
 * Refuses a misspelt key in either form of `auth` (a `requiredScope` would let every token through), naming
 * it and the keys of the form meant: the verifier form when `verifier` is given, the configured one otherwise.
 */
export function checkAuthOptionKeys(options: HttpAuthOptions): void {
  if (typeof options === 'object' && options !== null && 'verifier' in options && options.verifier !== undefined) {
    checkOptions(options, VERIFIER_AUTH_OPTIONS, 'auth (with a verifier of your own)');
    return;
  }
  checkOptions(options, OAUTH_RESOURCE_OPTIONS, 'auth');
  const { jwks, introspection } = options as OAuthResourceOptions;
  if (jwks !== undefined) checkOptions(jwks, JWKS_OPTIONS, 'auth.jwks');
  if (introspection !== undefined) checkOptions(introspection, INTROSPECTION_OPTIONS, 'auth.introspection');
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Refuses at startup what would otherwise fail on every request, naming the field. */
export function checkOAuthResourceOptions(options: OAuthResourceOptions): void {
  const fail = (message: string) => {
    throw new InvalidConfigurationError(`auth: ${message}`);
  };
  if (typeof options.issuer !== 'string' || !URL.canParse(options.issuer))
    fail("issuer must be the authorization server's issuer URL (or pass a verifier of your own).");
  const issuer = new URL(options.issuer);
  if (issuer.search !== '' || issuer.hash !== '') fail(`issuer "${options.issuer}" must have no query or fragment.`);
  if (
    issuer.protocol !== 'https:' &&
    !(issuer.protocol === 'http:' && (LOOPBACK.has(issuer.hostname) || options.allowInsecureIssuer))
  )
    fail(`issuer "${options.issuer}" must be https (http only on loopback, or with allowInsecureIssuer).`);
  if (typeof options.audience !== 'string' || !URL.canParse(options.audience))
    fail(
      "audience must be this server's public URL (its RFC 8707 resource identifier), e.g. https://mcp.example.com/mcp.",
    );
  if (new URL(options.audience).hash !== '') fail(`audience "${options.audience}" must have no fragment.`);
  for (const [field, value] of [
    ['requiredScopes', options.requiredScopes],
    ['scopesSupported', options.scopesSupported],
  ] as const) {
    if (
      value !== undefined &&
      (!Array.isArray(value) || value.some((s) => typeof s !== 'string' || !/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s)))
    )
      fail(`${field} must be an array of OAuth scope tokens (no spaces or quotes).`);
  }
  const tolerance = options.clockToleranceSeconds;
  if (tolerance !== undefined && !(Number.isFinite(tolerance) && tolerance >= 0 && tolerance <= 300))
    fail(`clockToleranceSeconds must be between 0 and 300, got ${String(tolerance)}.`);
  const introspection = options.introspection;
  if (
    introspection !== undefined &&
    (typeof introspection.clientId !== 'string' || typeof introspection.clientSecret !== 'string')
  )
    fail("introspection needs clientId and clientSecret (this server's own credentials at the issuer).");
}
