import { createDpopSession } from '../../src/auth/dpop-key';
import { InvalidDpopKeyError } from '../../src/errors/invalid-dpop-key.error';
import { loadJose } from '../../src/auth/load-jose';

const { exportJWK, generateKeyPair, calculateJwkThumbprint, decodeProtectedHeader, jwtVerify, importJWK } = loadJose();

async function privateJwk(alg: 'ES256' | 'RS256' | 'EdDSA') {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return exportJWK(privateKey);
}

describe('DPoP keys', () => {
  it('signs proofs with a private JWK of the caller, its public half in the header', async () => {
    const jwk = await privateJwk('ES256');
    const session = await createDpopSession({ privateJwk: jwk, alg: 'ES256' });
    const proof = await session.buildProof({ htm: 'post', htu: 'https://mcp.example.com/mcp?x=1', accessToken: 't' });
    const header = decodeProtectedHeader(proof);
    expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
    expect(header.jwk).not.toHaveProperty('d');
    const { payload } = await jwtVerify(proof, await importJWK(header.jwk!, 'ES256'));
    expect(payload).toMatchObject({ htm: 'POST', htu: 'https://mcp.example.com/mcp' });
    expect(session.thumbprint).toBe(await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }));
  });

  it.each([
    ['a symmetric key', { kty: 'oct', k: 'c2VjcmV0' }, 'ES256', /symmetric key \(kty "oct"\)/],
    ['a public key', { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' }, 'ES256', /no private part \("d"\)/],
    ['not an object', 'not-a-jwk', 'ES256', /not a JWK object/],
  ])('refuses %s', async (_name, jwk, alg, message) => {
    const failure = await createDpopSession({ privateJwk: jwk as never, alg: alg as 'ES256' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidDpopKeyError);
    expect(failure).toMatchObject({ code: 'TESSERA_INVALID_DPOP_KEY' });
    expect((failure as Error).message).toMatch(message);
  });

  it.each(['HS256', 'none', 'ES257'])('refuses the algorithm %s', async (alg) => {
    const failure = await createDpopSession({ alg: alg as 'ES256' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidDpopKeyError);
    expect((failure as Error).message).toMatch(
      new RegExp(`alg "${alg}" is not an asymmetric JWS algorithm; use one of ES256`),
    );
  });

  it('refuses a key that does not fit the algorithm named', async () => {
    const failure = await createDpopSession({ privateJwk: await privateJwk('ES256'), alg: 'RS256' }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(InvalidDpopKeyError);
    expect((failure as Error).message).toMatch(/the key \(kty "EC"\) does not fit RS256/);
  });
});
