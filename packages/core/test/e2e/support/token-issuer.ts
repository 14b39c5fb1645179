import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CryptoKey, JWK } from 'jose' with { 'resolution-mode': 'import' };
import { loadFeature } from '../../../src/loading/load-feature';

const { exportJWK, generateKeyPair, SignJWT } = loadFeature('jose');

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * A minimal authorization server on a loopback port for the resource-server tests: RFC 8414 metadata, a
 * JWKS whose keys can be rotated, JWT access tokens signed on request, and an introspection endpoint for
 * opaque tokens. It counts JWKS fetches so caching and the refresh cooldown can be asserted.
 */
export class TokenIssuer {
  jwksFetches = 0;
  metadataFetches = 0;
  introspections = 0;
  /** The most introspection calls it has seen at once, and how long it takes to answer one (ms). */
  mostIntrospectionsAtOnce = 0;
  introspectionDelayMs = 0;
  private introspectionsNow = 0;
  readonly opaque = new Map<string, Record<string, unknown>>();
  private keys: SigningKey[] = [];
  private server?: Server;
  issuer = '';

  static async start(): Promise<TokenIssuer> {
    const issuer = new TokenIssuer();
    await issuer.rotate();
    await issuer.listen();
    return issuer;
  }

  /** Publishes a new key (signing from now on); `dropOld` removes every earlier one from the JWKS. */
  async rotate(dropOld = false): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const kid = `k${this.keys.length + 1}-${Date.now()}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
    if (dropOld) this.keys = [];
    this.keys.unshift({ kid, privateKey, publicJwk });
    return kid;
  }

  /** An access token as the issuer would mint it, with claims overridden or removed (undefined). */
  async sign(claims: Record<string, unknown> = {}, options: { key?: SigningKey; kid?: string } = {}): Promise<string> {
    const key = options.key ?? this.keys[0];
    const now = Math.floor(Date.now() / 1000);
    const payload: Record<string, unknown> = {
      iss: this.issuer,
      sub: 'alice',
      aud: 'http://127.0.0.1/mcp',
      client_id: 'desk-app',
      scope: 'mcp',
      iat: now,
      exp: now + 300,
      ...claims,
    };
    for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: options.kid ?? key.kid })
      .sign(key.privateKey);
  }

  /** A signing key this issuer never publishes (another issuer's, or a forger's). */
  static async foreignKey(): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    return { kid: 'foreign', privateKey, publicJwk: await exportJWK(publicKey) };
  }

  private async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/.well-known/oauth-authorization-server') {
        this.metadataFetches++;
        return json(200, {
          issuer: this.issuer,
          jwks_uri: `${this.issuer}/jwks`,
          introspection_endpoint: `${this.issuer}/introspect`,
          token_endpoint: `${this.issuer}/token`,
        });
      }
      if (req.url === '/jwks') {
        this.jwksFetches++;
        return json(200, { keys: this.keys.map((k) => k.publicJwk) });
      }
      if (req.url === '/introspect' && req.method === 'POST') {
        if (req.headers.authorization !== `Basic ${Buffer.from('resource:secret').toString('base64')}`)
          return json(401, { error: 'invalid_client' });
        let body = '';
        this.introspections++;
        this.mostIntrospectionsAtOnce = Math.max(this.mostIntrospectionsAtOnce, ++this.introspectionsNow);
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () =>
          setTimeout(() => {
            this.introspectionsNow--;
            const token = new URLSearchParams(body).get('token') ?? '';
            json(200, this.opaque.get(token) ?? { active: false });
          }, this.introspectionDelayMs),
        );
        return;
      }
      json(404, { error: 'not_found' });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
