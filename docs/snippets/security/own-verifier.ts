import { createApp } from '@tessera/core';
import { machinesModule as module } from '../shared/machines';

interface Claims {
  iss: string;
  sub: string;
  azp: string;
  scope: string;
  exp: number;
}
declare const myIdp: { verify(token: string): Promise<Claims> };

// #region example
const verifier = {
  async verifyAccessToken(token: string) {
    const claims = await myIdp.verify(token); // throws on a bad token
    return {
      token,
      clientId: claims.azp,
      scopes: claims.scope.split(' '),
      expiresAt: claims.exp,
      extra: { issuer: claims.iss, subject: claims.sub },
    };
  },
};
createApp(module, { auth: { verifier, requiredScopes: ['mcp'] } });
// #endregion example
