import type { FetchLike } from '@modelcontextprotocol/server';

/** What the resource server reads of an authorization server's metadata. */
export interface IssuerMetadata {
  issuer: string;
  jwks_uri?: string;
  introspection_endpoint?: string;
  scopes_supported?: string[];
}

/**
 * The well-known URLs an issuer's metadata may live at, in the order tried: RFC 8414 (the well-known part
 * inserted before the issuer's path), then OpenID Connect discovery (appended after it), then the RFC 8414
 * spelling of the OpenID document.
 */
export function metadataUrlsFor(issuer: string): URL[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  const at = (pathname: string) => new URL(pathname, url.origin);
  return [
    at(`/.well-known/oauth-authorization-server${path}`),
    at(`${path}/.well-known/openid-configuration`),
    ...(path === '' ? [] : [at(`/.well-known/openid-configuration${path}`)]),
  ];
}

/**
 * Discovers the issuer's metadata. A document whose `issuer` differs from the configured one is refused
 * (RFC 8414 section 3.3: otherwise another server could name the keys). Throws, naming every URL tried,
 * when none answers with a usable document.
 */
export async function discoverIssuerMetadata(
  issuer: string,
  fetch: FetchLike,
  timeoutMs: number,
): Promise<IssuerMetadata> {
  const failures: string[] = [];
  for (const url of metadataUrlsFor(issuer)) {
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      failures.push(`${url.href}: ${(error as Error).message}`);
      continue;
    }
    if (!response.ok) {
      failures.push(`${url.href}: HTTP ${response.status}`);
      await response.body?.cancel();
      continue;
    }
    const document = (await response.json().catch(() => undefined)) as Partial<IssuerMetadata> | undefined;
    if (typeof document !== 'object' || document === null || typeof document.issuer !== 'string') {
      failures.push(`${url.href}: not a metadata document (no issuer)`);
      continue;
    }
    if (document.issuer !== issuer)
      throw new Error(`the metadata at ${url.href} names issuer "${document.issuer}", expected "${issuer}"`);
    return document as IssuerMetadata;
  }
  throw new Error(`no authorization server metadata for "${issuer}" (${failures.join('; ')})`);
}
