import {
  auth,
  computeScopeUnion,
  extractWWWAuthenticateParams,
  isStrictScopeSuperset,
  UnauthorizedError,
  type FetchLike,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/** Where the (never opened) browser would come back to; the suite's authorization server redirects to it. */
export const REDIRECT_URL = 'http://localhost:3000/callback';

/**
 * An OAuth client for a headless test run: everything in memory, and "opening the browser" is a plain GET
 * of the authorization URL without following the redirect. The suite's authorization server approves at
 * once, so the code (and RFC 9207 `iss`) are read from the `Location` header.
 */
export class HeadlessOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  private client?: StoredOAuthClientInformation;
  private saved?: StoredOAuthTokens;
  private verifier?: string;
  private discovery?: OAuthDiscoveryState;
  private callback?: { code: string; iss?: string };

  constructor(
    private readonly metadata: OAuthClientMetadata,
    clientMetadataUrl?: string,
  ) {
    this.clientMetadataUrl = clientMetadataUrl;
  }

  get redirectUrl(): string {
    return REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return this.metadata;
  }

  /** Pre-registration: credentials handed over out of band. */
  preRegister(info: OAuthClientInformationMixed): void {
    this.client = info as StoredOAuthClientInformation;
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.client;
  }

  saveClientInformation(info: StoredOAuthClientInformation): void {
    this.client = info;
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.saved = tokens;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no PKCE code verifier was saved');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    const all = scope === 'all';
    if (all || scope === 'client') this.client = undefined;
    if (all || scope === 'tokens') this.saved = undefined;
    if (all || scope === 'verifier') this.verifier = undefined;
    if (all || scope === 'discovery') this.discovery = undefined;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.callback = undefined;
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (!location) throw new Error(`the authorization endpoint did not redirect (HTTP ${response.status})`);
    const back = new URL(location);
    const code = back.searchParams.get('code');
    if (!code)
      throw new Error(`the authorization redirect carries no code: ${back.searchParams.get('error') ?? location}`);
    this.callback = { code, iss: back.searchParams.get('iss') ?? undefined };
  }

  /** The authorization response captured by the last redirect. */
  takeCallback(): { code: string; iss?: string } {
    const cb = this.callback;
    if (!cb) throw new Error('no authorization code was received');
    this.callback = undefined;
    return cb;
  }
}

/** Runs the authorization flow for one 401/403 challenge (including a 403 insufficient_scope step-up). */
async function answerChallenge(
  provider: HeadlessOAuthProvider,
  response: Response,
  serverUrl: string,
  next: FetchLike,
): Promise<void> {
  const { resourceMetadataUrl, scope: challenged } = extractWWWAuthenticateParams(response);
  const previous: OAuthTokens | undefined = provider.tokens();
  // A step-up keeps what was granted before; the first challenge has nothing to keep.
  const scope = response.status === 403 ? computeScopeUnion(previous?.scope, challenged) : challenged;
  // A 401 while holding a token: the resource may have moved to another authorization server; re-discover.
  if (response.status === 401) provider.invalidateCredentials('discovery');
  const base = { serverUrl, resourceMetadataUrl, scope, fetchFn: next };
  let result = await auth(provider, { ...base, forceReauthorization: isStrictScopeSuperset(scope, previous?.scope) });
  if (result === 'REDIRECT') {
    const { code, iss } = provider.takeCallback();
    result = await auth(provider, { ...base, authorizationCode: code, iss });
  }
  if (result !== 'AUTHORIZED') throw new UnauthorizedError(`authorization did not complete (${result})`);
}

/**
 * A fetch that sends the bearer token, and on a 401/403 runs the authorization flow once and repeats the
 * request. A second refusal is final.
 */
export function oauthFetch(provider: HeadlessOAuthProvider, serverUrl: string, next: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    const send = () => {
      const headers = new Headers(init?.headers);
      const token = provider.tokens()?.access_token;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return next(input, { ...init, headers });
    };
    let response = await send();
    if (response.status === 401 || response.status === 403) {
      await answerChallenge(provider, response, serverUrl, next);
      response = await send();
      if (response.status === 401 || response.status === 403) {
        throw new UnauthorizedError(`still refused after authorization (HTTP ${response.status})`);
      }
    }
    return response;
  };
}
