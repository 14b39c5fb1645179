/**
 * The `auth` optional feature (loading/optional-features.ts): the bearer check, with the token verifiers and the
 * protected-resource metadata under it, and the per-handler scope challenge.
 */
export { HttpAuth } from './http-auth';
export { scopeChallenge } from './scope-challenge';
