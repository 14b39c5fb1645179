import {
  getOAuthProtectedResourceMetadataUrl,
  type OAuthProtectedResourceMetadata,
} from '@modelcontextprotocol/server';
import type { OAuthResourceOptions } from './oauth-resource-options';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';
const ALLOW = 'GET, HEAD, OPTIONS';

/**
 * The Protected Resource Metadata document (RFC 9728) of this server and where it is served: at the
 * well-known path for the resource's own path (`/.well-known/oauth-protected-resource/mcp` for `.../mcp`),
 * and at the bare well-known path, which clients try when the challenge did not name the document.
 */
export class ProtectedResourceMetadata {
  /** The document's absolute URL, as `WWW-Authenticate` names it. */
  readonly url: string;
  private readonly paths: Set<string>;
  private readonly body: string;

  constructor(options: OAuthResourceOptions, scopesSupported: readonly string[]) {
    const resource = new URL(options.audience);
    this.url = getOAuthProtectedResourceMetadataUrl(resource);
    this.paths = new Set([new URL(this.url).pathname, WELL_KNOWN]);
    const document: OAuthProtectedResourceMetadata = {
      resource: options.audience,
      authorization_servers: [options.issuer],
      bearer_methods_supported: ['header'],
      ...(scopesSupported.length > 0 && { scopes_supported: [...scopesSupported] }),
      ...(options.resourceName !== undefined && { resource_name: options.resourceName }),
      ...(options.documentationUrl !== undefined && { resource_documentation: options.documentationUrl }),
    };
    this.body = JSON.stringify(document);
  }

  /** Whether a request path is one this document is served at. */
  serves(pathname: string): boolean {
    return this.paths.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
  }

  /** The answer to a request for the document (readable from any origin: it is public by design), or undefined. */
  respond(request: Request): Response | undefined {
    if (!this.serves(new URL(request.url).pathname)) return undefined;
    const cors = { 'access-control-allow-origin': '*' };
    if (request.method === 'OPTIONS')
      return new Response(null, {
        status: 204,
        headers: { ...cors, 'access-control-allow-methods': ALLOW, 'access-control-allow-headers': '*' },
      });
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return Response.json(
        { error: 'method_not_allowed', error_description: `${request.method} is not allowed here` },
        { status: 405, headers: { ...cors, allow: ALLOW } },
      );
    const headers = { ...cors, 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' };
    return new Response(request.method === 'HEAD' ? null : this.body, { status: 200, headers });
  }
}
