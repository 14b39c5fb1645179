import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import {
  createApp,
  Ctx,
  ExecutionContext,
  ForbiddenError,
  Principal,
  Provider,
  silentLogger,
  Tool,
  UseGuards,
  type Guard,
  type PrincipalInfo,
  type TesseraApp,
} from '@tessera/core';
import { connectHttp, sendRaw } from '@tessera/testing';
import { textOf } from './support/result-text';
import { type HttpListener, listen } from '@tessera/core/node';

const HOUR = 3600;

/** A fake verifier: two known tokens; anything else is refused the way the SDK expects (OAuthError invalid_token). */
const verifier: OAuthTokenVerifier & { seen: string[] } = {
  seen: [],
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    this.seen.push(token);
    const people: Record<string, { subject: string; scopes: string[] }> = {
      'alice-token': { subject: 'alice', scopes: ['mcp', 'admin'] },
      'bob-token': { subject: 'bob', scopes: ['mcp'] },
    };
    const who = people[token];
    if (!who) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown or revoked token');
    // The SDK refuses tokens without expiresAt (401 "Token has no expiration time").
    return {
      token,
      clientId: 'desk-app',
      scopes: who.scopes,
      expiresAt: Math.floor(Date.now() / 1000) + HOUR,
      extra: { subject: who.subject, issuer: 'https://id.example' },
    };
  },
};

/** A guard reading the verified principal: only tokens with the admin scope. */
const adminsOnly: Guard = {
  canActivate(ctx) {
    if (!ctx.principal?.scopes.includes('admin'))
      throw new ForbiddenError(`admin scope required (caller ${ctx.principal?.subject ?? 'anonymous'})`);
    return true;
  },
};

@Provider()
class Account {
  @Tool()
  @UseGuards(adminsOnly)
  purge(): string {
    return 'purged';
  }

  @Tool()
  me(@Principal() principal: PrincipalInfo | undefined, @Ctx() ctx: ExecutionContext): unknown {
    return {
      subject: principal?.subject,
      issuer: principal?.issuer,
      clientId: principal?.clientId,
      scopes: principal?.scopes,
      sameAsContext: ctx.principal?.subject === principal?.subject,
    };
  }

  @Tool({ returnsInputRequired: true })
  confirm(@Ctx() ctx: ExecutionContext): unknown {
    if (ctx.requestState === 'asked') return `confirmed for ${ctx.principal?.subject}`;
    return inputRequired({
      inputRequests: {
        ok: inputRequired.elicit({
          message: 'Confirm?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        }),
      },
      requestState: 'asked',
    });
  }
}

describe('HTTP bearer auth', () => {
  let app: TesseraApp;
  let listener: HttpListener;

  beforeAll(async () => {
    app = createApp(
      { name: 'accounts', version: '1.0.0', providers: [Account], logger: silentLogger },
      { auth: { verifier, resourceMetadataUrl: 'https://accounts.example/.well-known/oauth-protected-resource' } },
    );
    listener = await listen(app, { port: 0 });
  });

  afterAll(async () => {
    await app.close();
  });

  const post = (headers: Record<string, string>) =>
    fetch(listener.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });

  test('no token: 401 with a Bearer challenge naming the resource metadata', async () => {
    const response = await post({});
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain('resource_metadata="https://accounts.example/.well-known/oauth-protected-resource"');
  });

  test("a bad token: 401 invalid_token with the verifier's reason", async () => {
    const response = await post({ authorization: 'Bearer forged' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await response.json()).toMatchObject({
      error: 'invalid_token',
      error_description: 'unknown or revoked token',
    });
  });

  test('the SDK client with a bad token fails to connect with the 401', async () => {
    await expect(connectHttp(listener.url, { headers: { authorization: 'Bearer forged' } })).rejects.toThrow(
      /401|nauthorized/,
    );
  });

  test('a good token reaches the handler with its subject (@Principal() and ctx.principal)', async () => {
    const client = await connectHttp(listener.url, { headers: { authorization: 'Bearer alice-token' } });
    const me = JSON.parse(textOf(await client.callTool({ name: 'me', arguments: {} })));
    expect(me).toEqual({
      subject: 'alice',
      issuer: 'https://id.example',
      clientId: 'desk-app',
      scopes: ['mcp', 'admin'],
      sameAsContext: true,
    });
    await client.close();
  });

  test('a 2025-era client with a good token reaches the handler with its subject too', async () => {
    const client = await connectHttp(listener.url, {
      protocol: 'legacy',
      headers: { authorization: 'Bearer bob-token' },
    });
    expect(JSON.parse(textOf(await client.callTool({ name: 'me', arguments: {} })))).toMatchObject({
      subject: 'bob',
      clientId: 'desk-app',
    });
    await client.close();
  });

  test('a requestState issued to one principal is refused for another (-32602, fixed message)', async () => {
    const first = await sendRaw(
      app,
      'tools/call',
      { name: 'confirm', arguments: {} },
      { headers: { authorization: 'Bearer alice-token' }, capabilities: { elicitation: { form: {} } } },
    );
    const state = first.body.result?.requestState as string;
    expect(typeof state).toBe('string');
    expect(state).not.toContain('asked');
    const retry = {
      name: 'confirm',
      arguments: {},
      inputResponses: { ok: { action: 'accept', content: { ok: true } } },
      requestState: state,
    };
    const asBob = await sendRaw(app, 'tools/call', retry, {
      headers: { authorization: 'Bearer bob-token' },
      capabilities: { elicitation: { form: {} } },
    });
    expect(asBob.body.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    const asAlice = await sendRaw(app, 'tools/call', retry, {
      headers: { authorization: 'Bearer alice-token' },
      capabilities: { elicitation: { form: {} } },
    });
    expect(asAlice.body.result).toMatchObject({ content: [{ type: 'text', text: 'confirmed for alice' }] });
  });

  test('required scopes: a token without them is 403 insufficient_scope', async () => {
    const strict = createApp(
      { name: 'accounts', version: '1.0.0', providers: [Account], logger: silentLogger },
      { auth: { verifier, requiredScopes: ['admin'] } },
    );
    const asBob = await strict.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { authorization: 'Bearer bob-token', 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(asBob.status).toBe(403);
    expect(asBob.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  test('a verifier that leaves expiresAt unset gets every token refused (the SDK requires an expiry)', async () => {
    const lax: OAuthTokenVerifier = {
      verifyAccessToken: async (token) => ({ token, clientId: 'c', scopes: [], extra: { subject: 's' } }),
    };
    const laxApp = createApp(
      { name: 'accounts', version: '1.0.0', providers: [Account], logger: silentLogger },
      { auth: { verifier: lax } },
    );
    const response = await laxApp.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { authorization: 'Bearer anything', 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: 'invalid_token',
      error_description: 'Token has no expiration time',
    });
  });

  test('a guard decides on the verified principal', async () => {
    const alice = await connectHttp(listener.url, { headers: { authorization: 'Bearer alice-token' } });
    const bob = await connectHttp(listener.url, { headers: { authorization: 'Bearer bob-token' } });
    expect(textOf(await alice.callTool({ name: 'purge', arguments: {} }))).toBe('purged');
    expect(await bob.callTool({ name: 'purge', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Forbidden: admin scope required (caller bob)' }],
    });
    await Promise.all([alice.close(), bob.close()]);
  });
});
