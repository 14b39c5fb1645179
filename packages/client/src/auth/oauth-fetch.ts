import {
  auth,
  computeScopeUnion,
  extractWWWAuthenticateParams,
  isStrictScopeSuperset,
  OAuthError,
  withDpopFromProvider,
  type FetchLike,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { AuthorizationFailedError } from '../errors/authorization-failed.error';
import { DpopNonceError } from '../errors/dpop-nonce.error';
import { InsufficientScopeError } from '../errors/insufficient-scope.error';
import { TesseraClientError } from '../errors/tessera-client-error';
import type { AuthorizationResponse } from './authorization-redirect';
import { dpopNonceGuard } from './dpop-nonce-guard';

/** What Tessera's provider adds to the SDK's contract; any other `OAuthClientProvider` works without it. */
interface FlowAwareProvider extends OAuthClientProvider {
  bind?(serverUrl: string): void;
  prepare?(): Promise<void>;
  release?(): Promise<void>;
  authorizationResponse?(): Promise<AuthorizationResponse>;
}

/**
 * The `fetch` of an HTTP connection with OAuth: it sends the token (DPoP-bound when the provider has `dpop`),
 * and when the server answers 401, or 403 `insufficient_scope`, it runs the SDK's `auth()` and sends the request
 * again. The SDK transport's own handling ends a browser flow by throwing (the app is to call `finishAuth` and
 * reconnect); here the flow waits for the browser's answer and goes on, so `connect` and a call in the middle of
 * a flow both simply continue. A step-up asks for the union of the scopes held and the scopes challenged, once
 * per request; a second refusal throws `InsufficientScopeError`.
 */
export function oauthFetch(provider: FlowAwareProvider, serverUrl: URL, base: FetchLike): FetchLike {
  const server = serverUrl.href;
  provider.bind?.(server);
  const next = provider.dpop ? withDpopFromProvider(provider)(dpopNonceGuard(base)) : base;
  let requestedScope: string | undefined;
  let running: Promise<void> | undefined;

  const authorize = async (response: Response): Promise<void> => {
    // One flow at a time: requests refused meanwhile wait for it and retry with its token.
    if (running !== undefined) return running.catch(() => undefined);
    running = runFlow(response).finally(() => (running = undefined));
    return running;
  };

  const runFlow = async (response: Response): Promise<void> => {
    const { resourceMetadataUrl, scope: challenged } = extractWWWAuthenticateParams(response);
    const tokens = await provider.tokens();
    const held = tokens?.scope;
    const stepUp = response.status === 403;
    const scope = stepUp ? computeScopeUnion(requestedScope, held, challenged) : (challenged ?? requestedScope);
    requestedScope = scope;
    // A 401 while holding a token may mean the server moved to another authorization server: discover again.
    if (!stepUp && tokens !== undefined) await provider.invalidateCredentials?.('discovery');
    const options = { serverUrl, resourceMetadataUrl, scope, fetchFn: base };
    try {
      await provider.prepare?.();
      let result = await auth(provider, { ...options, forceReauthorization: isStrictScopeSuperset(scope, held) });
      if (result === 'REDIRECT') {
        if (provider.authorizationResponse === undefined) {
          throw new AuthorizationFailedError(
            server,
            'the provider sent the user to authorize but cannot wait for the answer (use authorizationCode())',
          );
        }
        const { code, iss } = await provider.authorizationResponse();
        result = await auth(provider, { ...options, authorizationCode: code, iss });
      }
      if (result !== 'AUTHORIZED') throw new AuthorizationFailedError(server, `the flow ended ${result}`);
    } catch (error) {
      throw explainFlowError(server, error);
    } finally {
      await provider.release?.();
    }
  };

  return async (input, init) => {
    const send = async () => {
      const headers = new Headers(init?.headers);
      const token = (await provider.tokens())?.access_token;
      // The DPoP middleware below turns this into `DPoP <token>` plus a proof when the token is DPoP-bound.
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return next(input, { ...init, headers });
    };
    const first = await send();
    if (first.status !== 401 && !isScopeChallenge(first)) return first;
    await first.text().catch(() => undefined);
    await authorize(first);
    const second = await send();
    if (second.status === 401) {
      const challenge = second.headers.get('www-authenticate') ?? 'no WWW-Authenticate';
      await second.text().catch(() => undefined);
      throw new AuthorizationFailedError(server, `the server refused the new token too (401, ${challenge})`);
    }
    if (isScopeChallenge(second)) {
      const { scope } = extractWWWAuthenticateParams(second);
      await second.text().catch(() => undefined);
      throw new InsufficientScopeError(server, scope, (await provider.tokens())?.scope);
    }
    return second;
  };
}

function isScopeChallenge(response: Response): boolean {
  return response.status === 403 && extractWWWAuthenticateParams(response).error === 'insufficient_scope';
}

function explainFlowError(server: string, error: unknown): unknown {
  if (TesseraClientError.isInstance(error)) return error;
  if (error instanceof OAuthError && error.code === 'use_dpop_nonce') {
    return new DpopNonceError(`the authorization server of ${server}`, 'nonce_rejected');
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new AuthorizationFailedError(server, reason, { cause: error });
}
