import type { RequestStateSecurity } from '@tessera/request-state/framework';
import type { SecuritySummary } from './app-surface';

/** What `describeApp` may say of a request-state policy: where its keys come from and its rules, never a key. */
export function securitySummary(security: RequestStateSecurity<never>): SecuritySummary {
  return {
    keySource: security.isEphemeral ? 'ephemeral' : 'configured',
    ttlSeconds: security.ttl,
    audience: security.audience ?? null,
    singleUse: security.singleUse !== undefined,
    recordsIdempotentLegs: security.singleUse?.legs !== undefined,
    bindsPrincipal: security.bindPrincipal !== undefined,
  };
}
