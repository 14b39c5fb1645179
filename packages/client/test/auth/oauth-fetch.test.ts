import type { FetchLike } from '@modelcontextprotocol/client';
import { oauthFetch } from '../../src/auth/oauth-fetch';
import { clientCredentials } from '../../src/auth/oauth-provider';
import { MemoryTokenStore } from '../../src/auth/token-store';
import { AuthorizationFailedError } from '../../src/errors/authorization-failed.error';
import { InsufficientScopeError } from '../../src/errors/insufficient-scope.error';
import { captureSdkWarnings, SDK_WARNINGS } from '../support/sdk-warnings';

const MCP = 'http://127.0.0.1:7001/mcp';
const AS = 'http://127.0.0.1:7002';
const PRM = 'http://127.0.0.1:7001/.well-known/oauth-protected-resource/mcp';

interface World {
  /** Scopes the authorization server grants at most. */
  grantable: string[];
  /** Scopes the MCP endpoint wants. */
  needed: string[];
  tokenRequests: URLSearchParams[];
  /** token -> scopes */
  issued: Map<string, string[]>;
  rejectEveryToken?: boolean;
}

/** The authorization server and the MCP server as one fetch (unit level; the end-to-end test runs oidc-provider). */
function world(options: Partial<World> = {}): { world: World; fetch: FetchLike } {
  const w: World = { grantable: ['read'], needed: ['read'], tokenRequests: [], issued: new Map(), ...options };
  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(String(input));
    if (url.href === PRM)
      return json({ resource: MCP, authorization_servers: [AS], scopes_supported: ['read', 'write'] });
    if (url.href === `${AS}/.well-known/oauth-authorization-server`) {
      return json({
        issuer: AS,
        authorization_endpoint: `${AS}/authorize`,
        token_endpoint: `${AS}/token`,
        response_types_supported: ['code'],
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (url.href === `${AS}/token`) {
      const body = new URLSearchParams(String(init?.body));
      w.tokenRequests.push(body);
      if (new Headers(init?.headers).get('authorization') !== `Basic ${btoa('machine:s3cret')}`) {
        return json({ error: 'invalid_client' }, 401);
      }
      const scopes = (body.get('scope') ?? '').split(' ').filter((s) => w.grantable.includes(s));
      const token = `t${w.tokenRequests.length}`;
      w.issued.set(token, scopes);
      return json({ access_token: token, token_type: 'Bearer', expires_in: 3600, scope: scopes.join(' ') });
    }
    if (url.href === MCP) {
      const token = /^Bearer (.+)$/.exec(new Headers(init?.headers).get('authorization') ?? '')?.[1];
      const scopes = token === undefined ? undefined : w.issued.get(token);
      if (scopes === undefined || w.rejectEveryToken) {
        return new Response(null, {
          status: 401,
          headers: {
            'www-authenticate': `Bearer error="invalid_token", scope="${w.needed.join(' ')}", resource_metadata="${PRM}"`,
          },
        });
      }
      const missing = w.needed.filter((s) => !scopes.includes(s));
      if (missing.length > 0) {
        return new Response(null, {
          status: 403,
          headers: {
            'www-authenticate': `Bearer error="insufficient_scope", scope="${missing.join(' ')}", resource_metadata="${PRM}"`,
          },
        });
      }
      return json({ ok: true, token });
    }
    return new Response('not found', { status: 404 });
  };
  return { world: w, fetch };
}

const machine = () => clientCredentials({ clientId: 'machine', clientSecret: 's3cret', store: new MemoryTokenStore() });

describe('oauthFetch (client credentials against a fake authorization server)', () => {
  const warnings = captureSdkWarnings([SDK_WARNINGS.unstampedCredential, SDK_WARNINGS.clientRefused]);

  it('answers a 401 with a token for the resource and sends the request again', async () => {
    const { world: w, fetch } = world();
    const send = oauthFetch(machine(), new URL(MCP), fetch);
    const response = await send(MCP, { method: 'POST' });
    // the configured client id is stamped with its authorization server on first use, which the SDK reports once
    expect(warnings.lines.filter((line) => SDK_WARNINGS.unstampedCredential.test(line))).toHaveLength(1);
    expect(await response.json()).toEqual({ ok: true, token: 't1' });
    expect(w.tokenRequests).toHaveLength(1);
    expect(w.tokenRequests[0]!.get('grant_type')).toBe('client_credentials');
    expect(w.tokenRequests[0]!.get('resource')).toBe(MCP);
    // The token is kept: the next request needs no flow.
    await send(MCP, { method: 'POST' });
    expect(w.tokenRequests).toHaveLength(1);
  });

  it('steps up once with the union of held and challenged scopes', async () => {
    const { world: w, fetch } = world({ grantable: ['read', 'write'] });
    const send = oauthFetch(machine(), new URL(MCP), fetch);
    await send(MCP, { method: 'POST' }); // token t1: read
    w.needed = ['read', 'write'];
    const response = await send(MCP, { method: 'POST' });
    expect(await response.json()).toEqual({ ok: true, token: 't2' });
    expect(w.tokenRequests.map((r) => r.get('scope'))).toEqual(['read', 'read write']);
  });

  it('fails with InsufficientScopeError when the step-up is not granted, after one try', async () => {
    const { world: w, fetch } = world({ grantable: ['read'] });
    const send = oauthFetch(machine(), new URL(MCP), fetch);
    await send(MCP, { method: 'POST' });
    w.needed = ['read', 'admin'];
    const failure = await send(MCP, { method: 'POST' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InsufficientScopeError);
    expect(failure).toMatchObject({
      code: 'TESSERA_INSUFFICIENT_SCOPE',
      serverUrl: MCP,
      requiredScope: 'admin',
      grantedScope: 'read',
    });
    expect((failure as Error).message).toMatch(/after one step-up authorization \(required: admin; granted: read\)/);
    expect(w.tokenRequests.map((r) => r.get('scope'))).toEqual(['read', 'read admin']);
  });

  it('fails with AuthorizationFailedError when the server refuses the new token too', async () => {
    const { world: w, fetch } = world({ rejectEveryToken: true });
    const failure = await oauthFetch(machine(), new URL(MCP), fetch)(MCP, { method: 'POST' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthorizationFailedError);
    expect((failure as Error).message).toMatch(/refused the new token too \(401, Bearer error="invalid_token"/);
    expect(w.tokenRequests).toHaveLength(1);
  });

  it('fails with AuthorizationFailedError naming the authorization server refusal (wrong secret)', async () => {
    const { fetch } = world();
    const provider = clientCredentials({ clientId: 'machine', clientSecret: 'wrong' });
    const failure = await oauthFetch(provider, new URL(MCP), fetch)(MCP, { method: 'POST' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthorizationFailedError);
    expect(failure).toMatchObject({ code: 'TESSERA_AUTHORIZATION_FAILED', serverUrl: MCP });
    expect(warnings.lines.some((line) => SDK_WARNINGS.clientRefused.test(line))).toBe(true);
  });

  it('runs one flow for requests refused at the same time', async () => {
    const { world: w, fetch } = world();
    const send = oauthFetch(machine(), new URL(MCP), fetch);
    const answers = await Promise.all([1, 2, 3].map(() => send(MCP, { method: 'POST' })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(w.tokenRequests).toHaveLength(1);
  });

  it('keeps tokens in the store it is given, under the server URL', async () => {
    const store = new MemoryTokenStore();
    const { fetch } = world();
    await oauthFetch(
      clientCredentials({ clientId: 'machine', clientSecret: 's3cret', store }),
      new URL(MCP),
      fetch,
    )(MCP, {
      method: 'POST',
    });
    expect(store.load(MCP)?.tokens).toMatchObject({ access_token: 't1', scope: 'read' });
  });
});
