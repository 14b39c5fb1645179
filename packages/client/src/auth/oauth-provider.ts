import type {
  DpopSession,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { checkOptions } from '../options/check-options';
import type { AuthorizationRedirect, AuthorizationResponse } from './authorization-redirect';
import { createDpopSession } from './dpop-key';
import type {
  AuthorizationCodeOptions,
  ClientCredentialsOptions,
  OAuthCommonOptions,
  WorkloadIdentityOptions,
} from './oauth-options';
import { MemoryTokenStore, type StoredCredentials, type TokenStore } from './token-store';
import { checkAssertion, JWT_BEARER_GRANT } from './workload-assertion';

/** The grant a `TesseraOAuthProvider` runs, as `authorizationCode`, `clientCredentials` and `workloadIdentity` make it. */
export type OAuthGrant =
  | { kind: 'authorization_code'; options: AuthorizationCodeOptions }
  | { kind: 'client_credentials'; options: ClientCredentialsOptions }
  | { kind: 'jwt_bearer'; options: WorkloadIdentityOptions };

/**
 * The SDK's `OAuthClientProvider` contract, filled in for one grant: discovery, registration, PKCE, the token
 * request, refresh and step-up all stay the SDK's (`auth()`); this keeps the credentials in a `TokenStore`, signs
 * DPoP proofs, and lets the flow wait for the browser's answer (`authorizationResponse`) instead of ending it.
 * Made by `authorizationCode`, `clientCredentials` and `workloadIdentity`; passed as `connect({ url, auth })`.
 */
export class TesseraOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  /** Present only with the `dpop` option: the SDK presents tokens with the DPoP scheme when this exists. */
  readonly dpop?: () => Promise<DpopSession>;
  private readonly store: TokenStore;
  private key = 'default';
  private credentials: Promise<StoredCredentials> | undefined;
  private redirectUri: string | undefined;
  private verifier: string | undefined;
  private pendingState: string | undefined;
  private pendingResponse: Promise<AuthorizationResponse> | undefined;
  /** JWT bearer: the authorization server refused the assertion in this flow; it is not sent again. */
  private assertionRefused = false;

  constructor(private readonly grant: OAuthGrant) {
    const common: OAuthCommonOptions = grant.options;
    this.store = common.store ?? new MemoryTokenStore();
    if (grant.kind === 'authorization_code') this.clientMetadataUrl = grant.options.clientMetadataUrl;
    if (common.dpop !== undefined) {
      let session: Promise<DpopSession> | undefined;
      const option = common.dpop;
      this.dpop = () => (session ??= createDpopSession(option));
    }
  }

  /** Names the server the credentials are stored under (its URL). */
  bind(serverUrl: string): void {
    if (this.key !== serverUrl) this.credentials = undefined;
    this.key = serverUrl;
  }

  /** Before a flow: the redirect listener is started (its URI is part of the registration), refusals forgotten. */
  async prepare(): Promise<void> {
    this.assertionRefused = false;
    if (this.grant.kind === 'authorization_code') this.redirectUri = await this.grant.options.redirect.prepare();
  }

  /** After a flow: the redirect listener stops. */
  async release(): Promise<void> {
    if (this.grant.kind === 'authorization_code') await this.grant.options.redirect.release();
  }

  /** The browser's answer to the authorization request the SDK just sent the user to. */
  async authorizationResponse(): Promise<AuthorizationResponse> {
    const pending = this.pendingResponse;
    this.pendingResponse = undefined;
    if (pending === undefined) throw new Error('no authorization request was sent');
    return pending;
  }

  get redirectUrl(): string | undefined {
    if (this.grant.kind !== 'authorization_code') return undefined;
    if (this.redirectUri === undefined) {
      throw new Error('the redirect is not ready: connect through TesseraClient ({ url, auth }), which prepares it');
    }
    return this.redirectUri;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { grant } = this;
    const base = { client_name: grant.options.clientName ?? 'tessera-client', scope: grant.options.scope };
    if (grant.kind === 'authorization_code') {
      return {
        ...base,
        redirect_uris: [this.redirectUrl!],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: grant.options.clientSecret === undefined ? 'none' : 'client_secret_basic',
      };
    }
    if (grant.kind === 'client_credentials') {
      return {
        ...base,
        redirect_uris: [],
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'client_secret_basic',
      };
    }
    return { ...base, redirect_uris: [], grant_types: [JWT_BEARER_GRANT], token_endpoint_auth_method: 'none' };
  }

  state(): string {
    const bytes = new Uint8Array(32);
    globalThis.crypto.getRandomValues(bytes);
    this.pendingState = btoa(String.fromCharCode(...bytes)).replace(
      /[+/=]/g,
      (c) => ({ '+': '-', '/': '_', '=': '' })[c]!,
    );
    return this.pendingState;
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    const stored = (await this.load()).client;
    if (stored !== undefined) return stored;
    const { grant } = this;
    if (grant.kind === 'jwt_bearer') return { client_id: grant.options.clientId };
    if (grant.options.clientId === undefined) return undefined;
    return {
      client_id: grant.options.clientId,
      ...(grant.options.clientSecret !== undefined && { client_secret: grant.options.clientSecret }),
    };
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    await this.update({ client });
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.load()).tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.update({ tokens });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.load()).discovery;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.update({ discovery });
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const all = scope === 'all';
    if (all || scope === 'verifier') this.verifier = undefined;
    // The SDK drops tokens or the client when the authorization server refused the grant, then tries once more:
    // a workload assertion that was refused would only be refused again.
    if (this.grant.kind === 'jwt_bearer' && (scope === 'tokens' || scope === 'client')) this.assertionRefused = true;
    await this.update({
      ...((all || scope === 'client') && { client: undefined }),
      ...((all || scope === 'tokens') && { tokens: undefined }),
      ...((all || scope === 'discovery') && { discovery: undefined }),
    });
  }

  redirectToAuthorization(url: URL): void {
    if (this.grant.kind !== 'authorization_code') throw new Error(`the ${this.grant.kind} grant has no browser step`);
    const redirect: AuthorizationRedirect = this.grant.options.redirect;
    this.pendingResponse = redirect.authorize(url, this.pendingState ?? '');
    this.pendingResponse.catch(() => undefined); // read by authorizationResponse(); never left unhandled
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no PKCE code verifier was saved for this flow');
    return this.verifier;
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    const { grant } = this;
    if (grant.kind === 'authorization_code') return undefined; // the SDK's code exchange
    const params = new URLSearchParams();
    if (grant.kind === 'client_credentials') {
      params.set('grant_type', 'client_credentials');
    } else {
      if (this.assertionRefused) {
        throw new Error('the authorization server refused the workload assertion; it is not sent again');
      }
      params.set('grant_type', JWT_BEARER_GRANT);
      params.set('assertion', checkAssertion(await grant.options.assertion()));
    }
    if (scope) params.set('scope', scope);
    return params;
  }

  private load(): Promise<StoredCredentials> {
    const key = this.key;
    return (this.credentials ??= Promise.resolve(this.store.load(key)).then((found) => ({ ...found })));
  }

  private async update(change: Partial<StoredCredentials>): Promise<void> {
    const next = { ...(await this.load()), ...change };
    for (const name of Object.keys(change) as (keyof StoredCredentials)[]) {
      if (change[name] === undefined) delete next[name];
    }
    this.credentials = Promise.resolve(next);
    await this.store.save(this.key, next);
  }
}

const COMMON_OPTIONS = { store: true, scope: true, dpop: true, clientName: true } as const;

const AUTHORIZATION_CODE_OPTIONS = {
  ...COMMON_OPTIONS,
  redirect: true,
  clientId: true,
  clientSecret: true,
  clientMetadataUrl: true,
} as const satisfies Record<keyof AuthorizationCodeOptions, true>;

const CLIENT_CREDENTIALS_OPTIONS = { ...COMMON_OPTIONS, clientId: true, clientSecret: true } as const satisfies Record<
  keyof ClientCredentialsOptions,
  true
>;

const WORKLOAD_IDENTITY_OPTIONS = { ...COMMON_OPTIONS, clientId: true, assertion: true } as const satisfies Record<
  keyof WorkloadIdentityOptions,
  true
>;

/** Authorization code with PKCE through `options.redirect` (a browser, for a person). */
export function authorizationCode(options: AuthorizationCodeOptions): TesseraOAuthProvider {
  checkOptions(options, AUTHORIZATION_CODE_OPTIONS, 'authorizationCode');
  return new TesseraOAuthProvider({ kind: 'authorization_code', options });
}

/** The client credentials grant (a machine acting as itself). */
export function clientCredentials(options: ClientCredentialsOptions): TesseraOAuthProvider {
  checkOptions(options, CLIENT_CREDENTIALS_OPTIONS, 'clientCredentials');
  return new TesseraOAuthProvider({ kind: 'client_credentials', options });
}

/** Workload identity federation: the JWT bearer grant with the platform's token as the assertion (RFC 7523). */
export function workloadIdentity(options: WorkloadIdentityOptions): TesseraOAuthProvider {
  checkOptions(options, WORKLOAD_IDENTITY_OPTIONS, 'workloadIdentity');
  return new TesseraOAuthProvider({ kind: 'jwt_bearer', options });
}
