import { createServer } from 'node:net';
import { IsIn } from 'class-validator';
import {
  Client as SdkClient,
  ClientCredentialsProvider,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import {
  createApp,
  Elicit,
  Principal,
  Provider,
  silentLogger,
  Tool,
  type PrincipalInfo,
  type TesseraApp,
} from '@tessera/core';
import { listen } from '@tessera/core/node';
import {
  authorizationCode,
  clientCredentials,
  AuthorizationFailedError,
  loopbackRedirect,
  TesseraClient,
  type RoundEvent,
} from '@tessera/client';
import { loadJose } from '../../src/auth/load-jose';
import { AuthorizationServer } from './support/authorization-server';
import { captureSdkWarnings, SDK_WARNINGS } from '../support/sdk-warnings';
import { ScriptedUser } from './support/scripted-user';
import { withDateAhead } from '../../../core/test/support/date-ahead';

const { UnsecuredJWT, decodeJwt } = loadJose();

class Region {
  @IsIn(['eu', 'us'])
  region!: string;
}

class Size {
  @IsIn(['small', 'large'])
  size!: string;
}

@Provider()
class Desk {
  @Tool()
  whoami(@Principal() principal: PrincipalInfo | undefined): string {
    return `${principal?.subject} via ${principal?.clientId} (${principal?.scopes.join(' ')})`;
  }

  @Tool({ scopes: ['files:write'] })
  save(): string {
    return 'saved';
  }

  /** Three legs: the call, the answer to region, the answer to size. */
  @Tool()
  plan(
    @Elicit({ key: 'region', message: 'Which region?', schema: Region }) region: Region,
    @Elicit({ key: 'size', message: 'Which size?', schema: Size, after: ['region'] }) size: Size,
  ): string {
    return `${region.region}/${size.size}`;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const text = (result: { content: unknown }) => (result.content as Array<{ text: string }>)[0]!.text;

const answers = {
  elicitation: async (_params: unknown, { key }: { key?: string }) =>
    key === 'region'
      ? { action: 'accept' as const, content: { region: 'eu' } }
      : { action: 'accept' as const, content: { size: 'small' } },
};

// One authorization server and one Tessera app for the whole file: starting oidc-provider is the slow part.
describe('OAuth end to end: oidc-provider, a Tessera resource server, the SDK client and TesseraClient', () => {
  let as: AuthorizationServer;
  let app: TesseraApp;
  let url: string;
  let issuer: string;
  const clients: Array<{ close(): Promise<void> }> = [];
  // a configured client id is stamped with its authorization server on first use, which the SDK reports
  captureSdkWarnings([SDK_WARNINGS.unstampedCredential]);

  beforeAll(async () => {
    as = await AuthorizationServer.start();
    issuer = as.issuers[0];
    const port = await freePort();
    url = `http://127.0.0.1:${port}/mcp`;
    app = createApp(
      // step-up needs the 403 challenge: save is listed to every caller and challenged (the default hides it)
      { name: 'desk', version: '1', providers: [Desk], logger: silentLogger, visibility: { scopes: 'challenge' } },
      {
        auth: {
          issuer,
          audience: url,
          requiredScopes: ['mcp'],
          clockToleranceSeconds: 0,
          // A key the issuer stops publishing is trusted until the cached key set is this old.
          jwks: { cooldownMs: 0, maxAgeMs: 500 },
        },
      },
    );
    await listen(app, { port });
  }, 60_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await app?.close();
    await as?.stop();
  });

  async function tessera(
    auth: Parameters<TesseraClient['connect']>[0] extends infer T ? (T extends { auth?: infer A } ? A : never) : never,
  ) {
    const client = new TesseraClient({ ...answers });
    await client.connect({ url, auth });
    clients.push(client);
    return client;
  }

  const machine = (id: string, scope?: string) =>
    clientCredentials({ clientId: id, clientSecret: `${id}-secret`, ...(scope !== undefined && { scope }) });

  /** An access token straight from the token endpoint (client credentials), for the refusal cases. */
  async function token(options: { client?: string; resource?: string; from?: string; scope?: string } = {}) {
    const client = options.client ?? 'machine-a';
    const response = await fetch(`${options.from ?? issuer}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${client}:${client}-secret`)}` },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        resource: options.resource ?? url,
        scope: options.scope ?? 'mcp',
      }),
    });
    const body = (await response.json()) as { access_token?: string };
    if (!body.access_token) throw new Error(`no token: ${JSON.stringify(body)}`);
    return body.access_token;
  }

  /** A raw tools/call with this token, as the wire sees it; `params` adds to the call's (state, answers). */
  function callWith(accessToken: string, name = 'whoami', params: object = {}, capabilities: object = {}) {
    return fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': name,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name,
          arguments: {},
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': capabilities,
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          },
        },
      }),
    });
  }

  it('the SDK client gets a token by client credentials, calls a plain tool and completes a three-leg @Elicit flow', async () => {
    const sdk = new SdkClient(
      { name: 'sdk', version: '1' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } },
    );
    // The SDK's own round loop answers the @Elicit questions through this handler.
    sdk.setRequestHandler('elicitation/create', async (request) => {
      const content: Record<string, string> = /region/.test(request.params.message)
        ? { region: 'us' }
        : { size: 'large' };
      return { action: 'accept' as const, content };
    });
    const authProvider = new ClientCredentialsProvider({
      clientId: 'machine-a',
      clientSecret: 'machine-a-secret',
      expectedIssuer: issuer,
      scope: 'mcp',
    });
    await sdk.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider }));
    clients.push(sdk);
    const result = await sdk.callTool({ name: 'whoami', arguments: {} });
    expect(text(result as { content: unknown })).toMatch(/^machine-a via machine-a \(mcp\)$/);
    const plan = await sdk.callTool({ name: 'plan', arguments: {} });
    expect(text(plan as { content: unknown })).toBe('us/large');
  });

  it('the SDK client completes authorization code + PKCE with a Tessera provider (finishAuth)', async () => {
    const user = new ScriptedUser('carol');
    const provider = authorizationCode({ clientId: 'desk-app', redirect: loopbackRedirect({ open: user.open }) });
    provider.bind(url);
    await provider.prepare();
    try {
      const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
      await expect(new SdkClient({ name: 'sdk', version: '1' }).connect(transport)).rejects.toThrow(/Unauthorized/);
      const { code, iss } = await provider.authorizationResponse();
      await transport.finishAuth(code, iss);
    } finally {
      await provider.release();
    }
    const sdk = new SdkClient({ name: 'sdk', version: '1' });
    await sdk.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
    clients.push(sdk);
    expect(text((await sdk.callTool({ name: 'whoami', arguments: {} })) as { content: unknown })).toMatch(
      /^carol via desk-app/,
    );
    expect(user.formsSeen).toEqual(['login', 'consent']);
  });

  it('TesseraClient by client credentials: a plain tool and a three-leg @Elicit flow', async () => {
    const client = await tessera(machine('machine-a'));
    expect(text(await client.callTool({ name: 'whoami', arguments: {} }))).toBe('machine-a via machine-a (mcp)');
    const rounds: RoundEvent[] = [];
    const result = await client.callTool(
      { name: 'plan', arguments: {} },
      { hooks: { onRound: (r) => void rounds.push(r) } },
    );
    expect(text(result)).toBe('eu/small');
    expect(rounds.map((r) => Object.keys(r.inputRequests ?? {}))).toEqual([['region'], ['size']]);
  });

  it('TesseraClient by authorization code + PKCE (a scripted browser): plain tool, @Elicit flow, then step-up after consent', async () => {
    const user = new ScriptedUser('alice');
    const client = await tessera(
      authorizationCode({ clientId: 'desk-app', redirect: loopbackRedirect({ open: user.open }) }),
    );
    expect(text(await client.callTool({ name: 'whoami', arguments: {} }))).toBe('alice via desk-app (mcp)');
    expect(text(await client.callTool({ name: 'plan', arguments: {} }))).toBe('eu/small');
    expect(user.formsSeen).toEqual(['login', 'consent']);
    // save needs files:write: 403 insufficient_scope, the browser again, consent to the new scope, then the call.
    expect(text(await client.callTool({ name: 'save', arguments: {} }))).toBe('saved');
    expect(user.formsSeen).toEqual(['login', 'consent', 'consent']);
  });

  it('the refusals: each with its status and WWW-Authenticate', async () => {
    const good = await token();
    expect((await callWith(good)).status).toBe(200);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const expiring = await token({ client: 'short-lived' });
    const cases: Array<[string, string, RegExp]> = [
      ['an expired token', expiring, /error="invalid_token", error_description="Token has expired"/],
      [
        'a token for another audience',
        await token({ resource: 'http://127.0.0.1:1/other' }),
        /error_description="Token was not issued for this resource"/,
      ],
      [
        'a token from another issuer',
        await token({ from: as.issuers[1] }),
        /error_description="Token was issued by another issuer"/,
      ],
      ['alg none', new UnsecuredJWT(decodeJwt(good)).encode(), /error="invalid_token"/],
      ['a tampered signature', `${header}.${payload}.${flipped}`, /error_description="Token signature is invalid"/],
    ];
    // 1.5 s on: past the short-lived token's exp, well within everyone else's
    await withDateAhead(1500, async () => {
      for (const [name, accessToken, challenge] of cases) {
        const response = await callWith(accessToken);
        const www = response.headers.get('www-authenticate') ?? '';
        expect([name, response.status]).toEqual([name, 401]);
        expect(www).toMatch(challenge);
        expect(www).toContain(
          `resource_metadata="http://127.0.0.1:${new URL(url).port}/.well-known/oauth-protected-resource/mcp"`,
        );
      }
    });
    const narrow = await callWith(good, 'save');
    expect(narrow.status).toBe(403);
    expect(narrow.headers.get('www-authenticate')).toMatch(/error="insufficient_scope", .*scope="mcp files:write"/);
  });

  it('a step-up the authorization server refuses fails clearly, with its error named', async () => {
    const client = await tessera(machine('machine-narrow')); // may hold mcp only
    expect(text(await client.callTool({ name: 'whoami', arguments: {} }))).toMatch(/^machine-narrow/);
    const failure = await client.callTool({ name: 'save', arguments: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthorizationFailedError);
    expect((failure as Error).message).toMatch(/invalid_scope|not allowed/i);
  });

  it('a requestState minted for one caller is refused for another', async () => {
    const alice = await token({ client: 'machine-a' });
    const bob = await token({ client: 'machine-b' });
    const asked = await callWithState(alice);
    expect(asked.result.resultType).toBe('input_required');
    const stolen = await callWithState(bob, asked.result.requestState);
    expect(stolen.error).toMatchObject({ code: -32602 });
    expect(JSON.stringify(stolen.error)).toMatch(/invalid_request_state/);
    const own = await callWithState(alice, asked.result.requestState);
    expect(own.result.resultType).toBe('input_required'); // the next question: size
  });

  async function callWithState(accessToken: string, requestState?: string) {
    const answered =
      requestState === undefined
        ? {}
        : { requestState, inputResponses: { region: { action: 'accept', content: { region: 'eu' } } } };
    const response = await callWith(accessToken, 'plan', answered, { elicitation: { form: {} } });
    return (await response.json()) as { result: { resultType?: string; requestState?: string }; error?: unknown };
  }

  it('a rotated-away signing key: the old token is refused once the issuer publishes only the new key', async () => {
    const old = await token();
    expect((await callWith(old)).status).toBe(200);
    await as.stop();
    as = await AuthorizationServer.start(as); // same ports, same issuer, a new key
    await withDateAhead(700, async () => {
      // past the cached key set's maxAgeMs
      const response = await callWith(old);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(
        /Token was signed with a key the issuer doesn't publish/,
      );
      // and the new key works at once
      expect((await callWith(await token())).status).toBe(200);
    });
  });
});
