import { createApp, Principal, Provider, silentLogger, Tool, type PrincipalInfo, type TesseraApp } from '@tessera/core';
import { INTROSPECTION_IN_FLIGHT } from '../../src/auth/introspection-gate';
import { TokenIssuer } from './support/token-issuer';
import { bearerToolCall } from '../support/bearer-tool-call';
import { fakeDateOnly } from '../support/date-ahead';

// Opaque tokens: an active answer is reused until the token expires (at most 5 minutes), requests with one
// token share one call, and random tokens cannot open more than INTROSPECTION_IN_FLIGHT calls at once.

const AUDIENCE = 'http://127.0.0.1/mcp';

@Provider()
class Who {
  @Tool()
  me(@Principal() principal: PrincipalInfo | undefined): string {
    return principal?.subject ?? 'nobody';
  }
}

function status(app: TesseraApp, token: string): Promise<number> {
  return bearerToolCall(app, token, 'me').then((response) => response.status);
}

describe('introspection: cached and bounded', () => {
  let issuer: TokenIssuer;
  let app: TesseraApp;

  beforeEach(async () => {
    fakeDateOnly(); // the app's introspection cache keeps Date.now as its clock: the fake one
    issuer = await TokenIssuer.start();
    app = createApp(
      { name: 'who', version: '1.0.0', providers: [Who], logger: silentLogger },
      {
        auth: {
          issuer: issuer.issuer,
          audience: AUDIENCE,
          introspection: { clientId: 'resource', clientSecret: 'secret' },
        },
      },
    );
  });

  afterEach(async () => {
    await app.close();
    await issuer.close();
    jest.useRealTimers();
  });

  const active = (exp: number) => ({ active: true, sub: 'erin', client_id: 'cli', aud: AUDIENCE, exp });

  test('an active token is asked once, for requests at once and after; an inactive one every time', async () => {
    issuer.introspectionDelayMs = 50;
    issuer.opaque.set('good', active(Math.floor(Date.now() / 1000) + 300));
    expect(await Promise.all(Array.from({ length: 5 }, () => status(app, 'good')))).toEqual([200, 200, 200, 200, 200]);
    expect(await status(app, 'good')).toBe(200);
    expect(issuer.introspections).toBe(1);
    expect(await status(app, 'revoked')).toBe(401);
    expect(await status(app, 'revoked')).toBe(401);
    expect(issuer.introspections).toBe(3);
  });

  test('an answer is not reused past its exp', async () => {
    issuer.opaque.set('brief', active(Math.floor(Date.now() / 1000) - 29)); // within the 30 s tolerance, for 1 s
    expect(await status(app, 'brief')).toBe(200);
    jest.setSystemTime(Date.now() + 1100);
    expect(await status(app, 'brief')).toBe(401);
    expect(issuer.introspections).toBe(2);
  });

  test(`random tokens at once: at most ${INTROSPECTION_IN_FLIGHT} calls to the issuer at a time, each answered 401`, async () => {
    issuer.introspectionDelayMs = 20;
    const tokens = Array.from({ length: 200 }, (_, i) => `random-${i}-${Math.random()}`);
    const statuses = await Promise.all(tokens.map((token) => status(app, token)));
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(issuer.mostIntrospectionsAtOnce).toBeLessThanOrEqual(INTROSPECTION_IN_FLIGHT);
    expect(issuer.introspections).toBe(200);
  });
});
