import { createApp, Principal, Provider, silentLogger, Tool, type PrincipalInfo, type TesseraApp } from '@tessera/core';
import { seededRandom } from '../support/seeded-random';
import { TokenIssuer } from './support/token-issuer';
import { bearerToolCall } from '../support/bearer-tool-call';

/**
 * The built-in verifiers (JWT and introspection) take a token's `sub` as a verifier of your own does
 * (`principalFromAuthInfo`): a non-empty string as is, a finite number as its decimal text, anything else
 * present refused with 401 and the reason. Before, such a token was accepted and bound to its client id
 * alone, so two users of one client (`sub: 1001`, `sub: 1002`) shared each other's flows and tasks.
 */
const AUDIENCE = 'http://127.0.0.1/mcp';
const SEED = Number(process.env.SUBJECT_FUZZ_SEED ?? Date.now() % 1_000_000);

@Provider()
class Who {
  @Tool()
  me(@Principal() principal: PrincipalInfo | undefined): unknown {
    return { subject: principal?.subject ?? null, clientId: principal?.clientId };
  }
}

function callMe(app: TesseraApp, token: string): Promise<Response> {
  return bearerToolCall(app, token, 'me');
}

/** The subject the handler saw, or the 401's reason. */
async function outcome(app: TesseraApp, token: string): Promise<{ subject: string | null } | { refused: string }> {
  const response = await callMe(app, token);
  if (response.status === 401) {
    const body = (await response.json()) as { error_description: string };
    return { refused: body.error_description };
  }
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { content: { text: string }[] } };
  return { subject: (JSON.parse(body.result.content[0].text) as { subject: string | null }).subject };
}

/** What a verifier of your own would make of `sub`: its subject, or that it is refused. */
function expected(sub: unknown): { subject: string | null } | 'refused' {
  if (sub === undefined || sub === null) return { subject: null };
  if (typeof sub === 'string' && sub !== '') return { subject: sub };
  if (typeof sub === 'number' && Number.isFinite(sub)) return { subject: String(sub) };
  return 'refused';
}

const UNUSABLE: Array<[unknown, string]> = [
  ['', 'an empty string'],
  [{ id: 1001 }, 'an object'],
  [[1001], 'an array'],
  [true, 'a boolean'],
];

function randomSub(next: () => number): unknown {
  const kinds: Array<() => unknown> = [
    () => Math.floor(next() * 1e6),
    () => -Math.floor(next() * 1e3),
    () => next() * 1e3,
    () => `user-${Math.floor(next() * 1e6)}`,
    () => '',
    () => ' ',
    () => ({ id: Math.floor(next() * 10) }),
    () => [Math.floor(next() * 10)],
    () => next() < 0.5,
    () => null,
    () => undefined,
    () => '0',
    () => 0,
  ];
  return kinds[Math.floor(next() * kinds.length)]!();
}

describe('a JWT whose sub is not a usable user id', () => {
  let issuer: TokenIssuer;
  let app: TesseraApp;

  beforeAll(async () => {
    issuer = await TokenIssuer.start();
    app = createApp(
      { name: 'who', version: '1.0.0', providers: [Who], logger: silentLogger },
      { auth: { issuer: issuer.issuer, audience: AUDIENCE } },
    );
  });

  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  test('numeric subjects stay apart, each as its decimal text', async () => {
    expect(await outcome(app, await issuer.sign({ aud: AUDIENCE, sub: 1001 }))).toEqual({ subject: '1001' });
    expect(await outcome(app, await issuer.sign({ aud: AUDIENCE, sub: 1002 }))).toEqual({ subject: '1002' });
  });

  test.each(UNUSABLE)('sub %j: 401 saying the subject is %s', async (sub, kind) => {
    expect(await outcome(app, await issuer.sign({ aud: AUDIENCE, sub }))).toEqual({
      refused: `Token subject (sub) is ${kind}, not a user id`,
    });
  });

  test('a token issued an hour in the future is refused; one within the 30 s tolerance passes', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await outcome(app, await issuer.sign({ aud: AUDIENCE, iat: now + 3600, exp: now + 7200 }))).toEqual({
      refused: 'Token was issued in the future (iat)',
    });
    expect(await outcome(app, await issuer.sign({ aud: AUDIENCE, iat: now + 10 }))).toEqual({ subject: 'alice' });
  });

  test(`seeded random subjects (seed ${SEED}): each as a verifier of your own would take it`, async () => {
    const next = seededRandom(SEED);
    for (let i = 0; i < 40; i++) {
      const sub = randomSub(next);
      const got = await outcome(app, await issuer.sign({ aud: AUDIENCE, sub }));
      const want = expected(sub);
      if (want === 'refused') expect(got).toMatchObject({ refused: expect.stringMatching(/^Token subject \(sub\)/) });
      else expect(got).toEqual(want);
    }
  });
});

describe('an introspection answer whose sub is not a usable user id', () => {
  let issuer: TokenIssuer;
  let app: TesseraApp;

  beforeAll(async () => {
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

  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  const answer = (claims: Record<string, unknown>) => ({
    active: true,
    client_id: 'cli',
    aud: AUDIENCE,
    exp: Math.floor(Date.now() / 1000) + 300,
    ...claims,
  });

  test('numeric subjects stay apart; unusable ones are refused with the reason', async () => {
    issuer.opaque.set('u1001', answer({ sub: 1001 }));
    issuer.opaque.set('u1002', answer({ sub: 1002 }));
    expect(await outcome(app, 'u1001')).toEqual({ subject: '1001' });
    expect(await outcome(app, 'u1002')).toEqual({ subject: '1002' });
    for (const [sub, kind] of UNUSABLE) {
      const token = `bad-${JSON.stringify(sub)}`;
      issuer.opaque.set(token, answer({ sub }));
      expect(await outcome(app, token)).toEqual({ refused: `Token subject (sub) is ${kind}, not a user id` });
    }
  });

  test('an answer issued an hour in the future is refused', async () => {
    issuer.opaque.set('future', answer({ sub: 'dan', iat: Math.floor(Date.now() / 1000) + 3600 }));
    expect(await outcome(app, 'future')).toEqual({ refused: 'Token was issued in the future (iat)' });
  });
});
