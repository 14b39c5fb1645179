import type { AuthInfo } from '@modelcontextprotocol/server';

/** The verified caller, as the bearer-token verifier described it. */
export interface Principal {
  clientId: string;
  issuer?: string;
  subject?: string;
  scopes: readonly string[];
  authInfo: AuthInfo;
}

/** Reads issuer and subject from `authInfo.extra` (`issuer`/`iss`, `subject`/`sub`), where verifiers put them. */
export function principalFromAuth(authInfo: AuthInfo | undefined): Principal | undefined {
  if (!authInfo) return undefined;
  const extra = authInfo.extra ?? {};
  // The same reading as the requestState principal binding: non-empty strings, or finite numbers as text.
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);
  return {
    clientId: authInfo.clientId,
    issuer: str(extra.issuer) ?? str(extra.iss),
    subject: str(extra.subject) ?? str(extra.sub),
    scopes: authInfo.scopes ?? [],
    authInfo,
  };
}
