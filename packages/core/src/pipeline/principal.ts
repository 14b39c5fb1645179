import type { AuthInfo } from '@modelcontextprotocol/server';
import { authIdentity } from '@tessera/request-state/framework';
import type { Principal } from '../contracts/principal';

/** Reads issuer and subject from `authInfo.extra` by the same rule as the requestState principal binding. */
export function principalFromAuth(authInfo: AuthInfo | undefined): Principal | undefined {
  if (!authInfo) return undefined;
  const { clientId, issuer, subject } = authIdentity(authInfo);
  return {
    clientId,
    issuer: issuer ?? undefined,
    subject: subject ?? undefined,
    scopes: authInfo.scopes ?? [],
    authInfo,
  };
}
