import { DpopSession, withDpop, type FetchLike } from '@modelcontextprotocol/client';
import { DpopNonceError } from '../../src/errors/dpop-nonce.error';
import { dpopNonceGuard } from '../../src/auth/dpop-nonce-guard';
import { loadJose } from '../../src/auth/load-jose';

const { decodeJwt } = loadJose();

const URL_ = 'http://127.0.0.1:9/mcp';

/** A resource server as a fetch: `answer` sees the nonce of each proof and says what to send back. */
function server(answer: (nonce: string | undefined, n: number) => Response): {
  fetch: FetchLike;
  nonces: (string | undefined)[];
} {
  const nonces: (string | undefined)[] = [];
  return {
    nonces,
    fetch: async (_input, init) => {
      const proof = new Headers(init?.headers).get('dpop');
      const nonce = proof ? (decodeJwt(proof).nonce as string | undefined) : undefined;
      nonces.push(nonce);
      return answer(nonce, nonces.length);
    },
  };
}

const challenge = (nonce?: string) =>
  new Response(null, {
    status: 401,
    headers: {
      'www-authenticate': 'DPoP error="use_dpop_nonce", error_description="nonce required"',
      ...(nonce !== undefined && { 'dpop-nonce': nonce }),
    },
  });

async function client(fake: FetchLike): Promise<FetchLike> {
  const session = await DpopSession.create();
  return withDpop(session, () => 'access-token')(dpopNonceGuard(fake));
}

describe('DPoP nonce challenges (RFC 9449 §9)', () => {
  it('answers a challenge once with the new nonce', async () => {
    const fake = server((nonce) => (nonce === 'n1' ? new Response('ok') : challenge('n1')));
    const response = await (await client(fake.fetch))(URL_, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(fake.nonces).toEqual([undefined, 'n1']);
  });

  it('fails with DpopNonceError when the server refuses the nonce it just issued (a loop), after one retry', async () => {
    let issued = 0;
    const fake = server(() => challenge(`n${++issued}`));
    const send = await client(fake.fetch);
    const failure = await send(URL_, { method: 'POST' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DpopNonceError);
    expect(failure).toMatchObject({ code: 'TESSERA_DPOP_NONCE', reason: 'nonce_rejected', url: URL_ });
    expect((failure as Error).message).toMatch(
      /answered use_dpop_nonce again to a proof carrying the nonce it had just issued/,
    );
    expect(fake.nonces).toEqual([undefined, 'n1']); // two requests, never a third
  });

  it('fails with DpopNonceError when a challenge carries no DPoP-Nonce header', async () => {
    const fake = server(() => challenge());
    const failure = await (await client(fake.fetch))(URL_, { method: 'POST' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'TESSERA_DPOP_NONCE', reason: 'missing_nonce' });
    expect((failure as Error).message).toMatch(/without a DPoP-Nonce header/);
    expect(fake.nonces).toHaveLength(1);
  });

  it('follows a server that rotates its nonce after accepting the last one', async () => {
    // n1 accepted for two requests, then expired: the third request's n1 is challenged with n2, which is accepted.
    const fake = server((nonce, n) => {
      if (n <= 2 || n === 5) return nonce === (n === 5 ? 'n2' : 'n1') ? new Response('ok') : challenge('n1');
      if (n === 3) return nonce === 'n1' ? new Response('ok') : challenge('n1');
      return challenge('n2');
    });
    const send = await client(fake.fetch);
    for (let i = 0; i < 3; i++) expect((await send(URL_, { method: 'POST' })).status).toBe(200);
    expect(fake.nonces).toEqual([undefined, 'n1', 'n1', 'n1', 'n2']);
  });
});
