import { randomBytes } from 'node:crypto';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { createApp, RequestStateSecurity, silentLogger, type ExecutionContext, type LogFields } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { Deployer } from './mrtr-fixtures';

// #14 items 2 and 3 on a decorated app with bearer auth.
const caps = { elicitation: {} };
const FIXED = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };
const answerFirst = { first: { action: 'accept', content: { region: 'eu' } } };

/** Tokens name their user and tenant: "alice@acme". The `broken-*` tokens carry an unusable subject. */
const verifier: OAuthTokenVerifier = {
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    if (token === 'broken-object')
      return { token, clientId: 'desk', scopes: [], expiresAt, extra: { iss: 'https://idp', sub: { id: 'SECRETID' } } };
    if (token === 'broken-empty')
      return { token, clientId: 'desk', scopes: [], expiresAt, extra: { iss: 'https://idp', sub: '' } };
    return { token, clientId: 'desk', scopes: [], expiresAt, extra: { iss: 'https://idp', sub: token.split('@')[0] } };
  },
};

function tenantApp(logs: Array<[string, LogFields | undefined]> = []) {
  const security = new RequestStateSecurity<ExecutionContext>({
    keys: [randomBytes(32)],
    bindPrincipal: (ctx) => ctx.sdk.http?.req?.headers.get('x-tenant') ?? null, // the README's example
  });
  const logger = {
    ...silentLogger,
    warn: (m: string, f?: LogFields) => void logs.push([m, f]),
    error: (m: string, f?: LogFields) => void logs.push([m, f]),
  };
  return createApp(
    { name: 'tenants', version: '1', providers: [Deployer], security: security as never, logger },
    { auth: { verifier } },
  );
}

const call = (
  app: ReturnType<typeof tenantApp>,
  token: string,
  params: Record<string, unknown> = {},
  tenant = 'acme',
) =>
  sendRaw(
    app,
    'tools/call',
    { name: 'sequential', arguments: {}, ...params },
    { capabilities: caps, headers: { authorization: `Bearer ${token}`, 'x-tenant': tenant } },
  );

describe('bindPrincipal adds to the verified principal (never replaces it)', () => {
  test('one user’s state does not complete for another user of the same tenant', async () => {
    const app = tenantApp();
    const first = await call(app, 'alice@acme');
    const state = first.body.result?.requestState as string;
    expect(typeof state).toBe('string');
    const retry = { requestState: state, inputResponses: answerFirst };
    expect((await call(app, 'bob@acme', retry)).body.error).toEqual(FIXED);
    expect((await call(app, 'alice@acme', retry, 'globex')).body.error).toEqual(FIXED);
    expect((await call(app, 'alice@acme', retry)).body.result?.inputRequests).toHaveProperty('second');
  });
});

describe('unusable auth info is refused, never bound to the client id alone', () => {
  test.each(['broken-object', 'broken-empty'])(
    '%s: the call fails with a logged error naming extra.sub, not its value',
    async (token) => {
      const logs: Array<[string, LogFields | undefined]> = [];
      const app = tenantApp(logs);
      const answer = await call(app, token);
      expect(answer.body.result).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: expect.stringMatching(/^Internal error \(ref [0-9a-f]{8}\)$/) }],
      });
      const logged = JSON.stringify(logs.map(([m, f]) => [m, f, (f?.error as Error | undefined)?.message]));
      expect(logged).toContain('unusable extra.sub');
      expect(logged).not.toContain('SECRETID');
      expect(logged).not.toContain(token);
    },
  );

  test('a state issued to a real user does not open for a broken token of the same client', async () => {
    const app = tenantApp();
    const state = (await call(app, 'alice@acme')).body.result?.requestState as string;
    const answer = await call(app, 'broken-object', { requestState: state, inputResponses: answerFirst });
    expect(answer.body.result?.isError ?? answer.body.error).toBeTruthy();
    expect(answer.body.result?.inputRequests).toBeUndefined();
  });
});
