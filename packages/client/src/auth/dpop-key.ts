import { DPOP_SUPPORTED_ALGS, DpopSession, type DpopAlg, type DpopKeyPair } from '@modelcontextprotocol/client';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { InvalidDpopKeyError } from '../errors/invalid-dpop-key.error';
import { loadJose } from './load-jose';

/**
 * DPoP (RFC 9449): `true` signs proofs with a fresh non-extractable ES256 key made for this client; `{ alg }`
 * picks the algorithm; `{ privateJwk, alg }` signs with a key of yours (a private JWK, e.g. one kept across
 * restarts so tokens already bound to it stay usable).
 */
export type DpopOption = true | { alg?: DpopAlg; privateJwk?: JWK };

// JWK members that hold private key material (RFC 7518 §6.2.2, §6.3.2, §6.4.1): never put into a proof.
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** The SDK's DPoP session (proofs signed with jose) for the option; a key that cannot sign is refused here. */
export async function createDpopSession(option: DpopOption): Promise<DpopSession> {
  const settings = option === true ? {} : option;
  const alg = settings.alg ?? 'ES256';
  if (!(DPOP_SUPPORTED_ALGS as readonly string[]).includes(alg)) {
    throw new InvalidDpopKeyError(
      `alg "${String(alg)}" is not an asymmetric JWS algorithm; use one of ${DPOP_SUPPORTED_ALGS.join(', ')}`,
    );
  }
  if (settings.privateJwk === undefined) return DpopSession.create({ alg });
  return DpopSession.create({ keyPair: await importKeyPair(settings.privateJwk, alg) });
}

async function importKeyPair(jwk: JWK, alg: DpopAlg): Promise<DpopKeyPair> {
  if (typeof jwk !== 'object' || jwk === null) throw new InvalidDpopKeyError('privateJwk is not a JWK object');
  if (jwk.kty === 'oct') {
    throw new InvalidDpopKeyError(
      'a symmetric key (kty "oct") cannot sign DPoP proofs; RFC 9449 needs an asymmetric one',
    );
  }
  if (typeof jwk.d !== 'string') {
    throw new InvalidDpopKeyError('the JWK has no private part ("d"): a public key cannot sign proofs');
  }
  const jose = loadJose();
  const publicJwk: JWK = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete publicJwk[member];
  delete publicJwk.key_ops;
  delete publicJwk.use;
  try {
    const privateKey = await jose.importJWK({ ...jwk, ext: false }, alg);
    const publicKey = await jose.importJWK(publicJwk, alg);
    if (!(privateKey instanceof CryptoKey) || !(publicKey instanceof CryptoKey)) {
      throw new TypeError('the key did not import as an asymmetric key');
    }
    return {
      privateKey,
      publicKey,
      publicJwk,
      thumbprint: await jose.calculateJwkThumbprint(publicJwk, 'sha256'),
      alg,
    };
  } catch (error) {
    throw new InvalidDpopKeyError(
      `the key (kty "${String(jwk.kty)}") does not fit ${alg}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
