import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { createApp, Principal, Provider, silentLogger, Tool, type PrincipalInfo, type TesseraApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { connectHttp } from '@tessera/testing';
import { mountRemote, type RemoteMount } from '@tessera/compose';

const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

/** One issuer trusted by both servers: three known tokens, anything else refused as the SDK expects. */
const verifier: OAuthTokenVerifier = {
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const subject = { 'alice-token': 'alice', 'bob-token': 'bob', 'mount-token': 'the-mount' }[token];
    if (subject === undefined) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
    return { token, clientId: 'c', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600, extra: { subject } };
  },
};

@Provider()
class WhoAmI {
  @Tool({ description: 'Who the remote sees' })
  whoami(@Principal() principal: PrincipalInfo | undefined): string {
    return principal?.subject ?? 'anonymous';
  }
}

describe('forwardAuth: the caller token on to a remote that checks it', () => {
  jest.setTimeout(30_000);
  const mounts: RemoteMount[] = [];
  const apps: TesseraApp[] = [];
  let remoteUrl: URL;

  beforeAll(async () => {
    const remote = createApp(
      { name: 'remote', version: '1', providers: [WhoAmI], logger: silentLogger },
      { auth: { verifier } },
    );
    apps.push(remote);
    const listener = await listen(remote, { port: 0 });
    remoteUrl = listener.url;
  });

  // closing an app stops its listeners
  afterAll(async () => {
    for (const m of mounts) await m.close();
    for (const app of apps) await app.close();
  });

  /** Our server, with bearer auth, mounting the remote with the mount's own token (and forwardAuth as given). */
  async function gateway(forwardAuth: boolean | undefined): Promise<URL> {
    const mount = await mountRemote({
      prefix: 'r',
      url: remoteUrl,
      headers: { authorization: 'Bearer mount-token' },
      ...(forwardAuth !== undefined && { forwardAuth }),
    });
    mounts.push(mount);
    const app = createApp(
      { name: 'gateway', version: '1', providers: [], imports: [mount.module], logger: silentLogger },
      { auth: { verifier } },
    );
    apps.push(app);
    const listener = await listen(app, { port: 0 });
    return listener.url;
  }

  async function whoami(url: URL, token: string): Promise<string> {
    const client = await connectHttp(url, { headers: { authorization: `Bearer ${token}` } });
    try {
      return text(await client.callTool({ name: 'r_whoami', arguments: {} }));
    } finally {
      await client.close();
    }
  }

  test('on: the remote sees each caller', async () => {
    const url = await gateway(true);
    expect(await whoami(url, 'alice-token')).toBe('alice');
    expect(await whoami(url, 'bob-token')).toBe('bob');
  });

  test('off by default: the remote sees the mount only', async () => {
    const url = await gateway(undefined);
    expect(await whoami(url, 'alice-token')).toBe('the-mount');
  });

  test('a caller our server refuses never reaches the remote', async () => {
    const url = await gateway(true);
    await expect(whoami(url, 'forged')).rejects.toThrow();
  });
});
