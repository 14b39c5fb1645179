import type { HttpAuth } from './http-auth';
import type { scopeChallenge } from './scope-challenge';

/** What an endpoint with authentication uses: the bearer check and the per-handler scope challenge. */
export interface HttpAuthRuntime {
  HttpAuth: typeof HttpAuth;
  scopeChallenge: typeof scopeChallenge;
}

let loaded: HttpAuthRuntime | undefined;

/**
 * Required on first use: only an endpoint given `auth`, or a request carrying a verified identity, needs the
 * bearer check, the token verifiers (JWT, introspection) and the protected-resource metadata, so a server
 * without authentication never loads them (a dozen modules of every server's start). Node's module cache
 * makes these the same classes as any other import of them.
 */
export function httpAuthRuntime(): HttpAuthRuntime {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return (loaded ??= {
    HttpAuth: (require('./http-auth') as typeof import('./http-auth')).HttpAuth,
    scopeChallenge: (require('./scope-challenge') as typeof import('./scope-challenge')).scopeChallenge,
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
}
