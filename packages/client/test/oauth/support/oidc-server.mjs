// A real authorization server for the OAuth end-to-end test: oidc-provider (a certified OpenID Connect
// implementation), issuing JWT access tokens for any resource indicator (RFC 8707), on 127.0.0.1.
// Two issuers run here, sharing one signing key: the second exists to mint tokens "from another issuer".
// Env: PORTS="p1,p2" to reuse ports (0 = free ones). Prints one JSON line { issuers } once listening;
// SIGTERM stops it. Keys are made at each start, so a restart on the same ports rotates them away.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';

const { privateKey } = await generateKeyPair('ES256', { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), kid: `k-${Date.now()}`, alg: 'ES256', use: 'sig' };
const SCOPES = 'mcp files:write';

const machine = (id) => ({
  client_id: id,
  client_secret: `${id}-secret`,
  grant_types: ['client_credentials'],
  redirect_uris: [],
  response_types: [],
  scope: SCOPES,
});

const configuration = {
  clients: [
    machine('machine-a'),
    machine('machine-b'),
    machine('short-lived'),
    { ...machine('machine-narrow'), scope: 'mcp' },
    {
      client_id: 'desk-app',
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: ['http://127.0.0.1/callback'],
      scope: `openid offline_access ${SCOPES}`,
    },
  ],
  jwks: { keys: [jwk] },
  clientDefaults: { id_token_signed_response_alg: 'ES256' },
  scopes: ['openid', 'offline_access', 'mcp', 'files:write'],
  findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
  pkce: { required: () => true },
  features: {
    devInteractions: { enabled: true },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resource, client) => ({
        scope: SCOPES,
        audience: resource,
        accessTokenTTL: client.clientId === 'short-lived' ? 1 : 600,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'ES256' } },
      }),
    },
  },
};

async function start(port) {
  let handler = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, configuration);
  handler = provider.callback();
  return { issuer, server };
}

// oidc-provider warns about development settings (dev interactions, in-memory adapter) on stderr: expected here.
const ports = (process.env.PORTS ?? '0,0').split(',').map(Number);
const running = [await start(ports[0]), await start(ports[1])];
process.stdout.write(`${JSON.stringify({ issuers: running.map((r) => r.issuer) })}\n`);
process.on('SIGTERM', () => {
  for (const { server } of running) {
    server.closeAllConnections();
    server.close();
  }
  process.exit(0);
});
