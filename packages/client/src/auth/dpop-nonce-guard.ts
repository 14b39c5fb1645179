import { isDpopNonceChallenge, type FetchLike } from '@modelcontextprotocol/client';
import { DpopNonceError } from '../errors/dpop-nonce.error';
import { loadJose } from './load-jose';

/**
 * Sits under the SDK's DPoP middleware (which answers a resource server's `use_dpop_nonce` challenge once, with a
 * fresh proof carrying the new nonce) and turns the challenges it cannot end into a `DpopNonceError`: one without
 * a `DPoP-Nonce` header, and one answering a proof that already carried the nonce the server had just issued
 * and never accepted. Otherwise the SDK would hand the 401 on to re-authorization, and a fresh token would meet
 * the same loop.
 */
export function dpopNonceGuard(next: FetchLike): FetchLike {
  // Per origin: the nonce of the last challenge, until a response shows the server accepted it.
  const challenged = new Map<string, string>();
  return async (input, init) => {
    const response = await next(input, init);
    const url = new URL(String(input));
    const sent = nonceOfProof(new Headers(init?.headers).get('dpop'));
    if (!isDpopNonceChallenge(response)) {
      if (sent !== undefined && challenged.get(url.origin) === sent) challenged.delete(url.origin);
      return response;
    }
    const nonce = response.headers.get('dpop-nonce');
    if (!nonce) throw new DpopNonceError(url.href, 'missing_nonce');
    if (sent !== undefined && challenged.get(url.origin) === sent) throw new DpopNonceError(url.href, 'nonce_rejected');
    challenged.set(url.origin, nonce);
    return response;
  };
}

function nonceOfProof(proof: string | null): string | undefined {
  if (!proof) return undefined;
  try {
    const { nonce } = loadJose().decodeJwt(proof);
    return typeof nonce === 'string' ? nonce : undefined;
  } catch {
    return undefined;
  }
}
