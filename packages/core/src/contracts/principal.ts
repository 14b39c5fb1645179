import type { AuthInfo } from '@modelcontextprotocol/server';

/** The verified caller, as the bearer-token verifier described it. */
export interface Principal {
  clientId: string;
  issuer?: string;
  subject?: string;
  scopes: readonly string[];
  authInfo: AuthInfo;
}
