import type { RequestBinding, RequestStateCodec } from '@tessera/request-state';
import type { AesGcmTokenCodec } from '../src/crypto/aes-gcm-token-codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { NodeCryptoAesGcmCodec } from '../src/crypto/node-crypto-aes-gcm.codec';
import { WebCryptoAesGcmCodec } from '../src/crypto/web-crypto-aes-gcm.codec';
import { ClaimsSealer } from '../src/sealing/claims-sealer';
import { seededRandom } from './helpers';

// The node:crypto codec against the Web Crypto one over random keys, payloads, nonces and bindings: the
// same token for the same inputs and nonce, each opens the other's, and whatever is done to a token both
// answer alike (the same bytes, or the same error class, message and reason). FUZZ_SEED=n replays a seed.
const SEED = Number(process.env.FUZZ_SEED ?? 0xc0dec);
const CASES = 400;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const NOISE = ALPHABET + '+/=. \n%\u00e9\u0000';

type Rnd = () => number;
const int = (rnd: Rnd, n: number) => Math.floor(rnd() * n);
const bytes = (rnd: Rnd, length: number) => Uint8Array.from({ length }, () => int(rnd, 256));
const text = (rnd: Rnd, length: number, from = NOISE) =>
  Array.from({ length }, () => from[int(rnd, from.length)]).join('');

/** 1 to 3 distinct keys, bytes or strings, 32 to 80 bytes. */
function keyRing(rnd: Rnd): Array<string | Uint8Array> {
  return Array.from({ length: 1 + int(rnd, 3) }, (_, i) =>
    rnd() < 0.5 ? bytes(rnd, 32 + int(rnd, 49)) : `key-${i}-`.padEnd(32 + int(rnd, 49), text(rnd, 1, ALPHABET)),
  );
}

/** A pair of codecs over one ring whose nonces are the same seeded draws. */
function pair(ring: Array<string | Uint8Array>, rnd: Rnd) {
  const nonces: Uint8Array[] = [];
  const next = () => nonces.shift() ?? bytes(rnd, 12);
  const web = new WebCryptoAesGcmCodec(toKeyMaterial(ring), undefined, next);
  const node = new NodeCryptoAesGcmCodec(toKeyMaterial(ring), undefined, next);
  return { web, node, queueNonce: (nonce: Uint8Array) => nonces.push(nonce, nonce) };
}

/** What opening does: the bytes (hex), or the error's class, message and reason. */
async function outcome(open: () => unknown): Promise<string> {
  try {
    return `opened ${Buffer.from((await open()) as Uint8Array).toString('hex')}`;
  } catch (error) {
    const e = error as Error & { reason?: string };
    return `refused ${e.constructor.name} "${e.message}" ${e.reason}`;
  }
}

/** Something done to a token in transit, as a client or an attacker might. */
function tamper(token: string, rnd: Rnd): string {
  const body = Buffer.from(token.slice(3), 'base64url');
  const at = int(rnd, token.length);
  switch (int(rnd, 8)) {
    case 0: // one bit of the body (kid, nonce, ciphertext or tag)
      body[int(rnd, body.length)]! ^= 1 << int(rnd, 8);
      return 'v1.' + body.toString('base64url');
    case 1: // one character replaced
      return token.slice(0, at) + text(rnd, 1) + token.slice(at + 1);
    case 2: // cut short
      return token.slice(0, at);
    case 3: // characters added
      return token + text(rnd, 1 + int(rnd, 4));
    case 4: // a body of another length, reframed canonically
      return 'v1.' + body.subarray(0, int(rnd, body.length)).toString('base64url');
    case 5: // another prefix
      return text(rnd, 3) + token.slice(3);
    case 6: // random text after the prefix
      return 'v1.' + text(rnd, int(rnd, 80), rnd() < 0.5 ? ALPHABET : NOISE);
    default: // the last character respelled (the unused bits of base64url)
      return token.slice(0, -1) + text(rnd, 1, ALPHABET);
  }
}

describe(`node:crypto codec against Web Crypto codec (seed ${SEED})`, () => {
  it(`seals the same token from the same inputs and nonce, and each opens the other's (${CASES} cases)`, async () => {
    const rnd = seededRandom(SEED);
    for (let i = 0; i < CASES; i++) {
      const { web, node, queueNonce } = pair(keyRing(rnd), rnd);
      const plaintext = bytes(rnd, int(rnd, 3) === 0 ? int(rnd, 4) : int(rnd, 3000));
      queueNonce(bytes(rnd, 12));
      const fromWeb = await web.seal(plaintext);
      const fromNode = node.seal(plaintext);
      expect(typeof fromNode).toBe('string'); // synchronous: no promise on the Node path
      expect(fromNode).toBe(fromWeb);
      const fresh = await web.seal(plaintext); // another nonce: a token Node did not make itself
      expect(Buffer.from(node.unseal(fresh))).toEqual(Buffer.from(plaintext));
      expect(Buffer.from(await web.unseal(node.seal(plaintext)))).toEqual(Buffer.from(plaintext));
    }
  });

  it('opens what a rotated-out key sealed on the other codec, and refuses a key neither holds alike', async () => {
    const rnd = seededRandom(SEED + 1);
    for (let i = 0; i < 50; i++) {
      const [current, old] = [keyRing(rnd)[0]!, keyRing(rnd)[0]!];
      const before = pair([old], rnd);
      const after = pair([current, old], rnd);
      const stranger = pair([current], rnd);
      const plaintext = bytes(rnd, int(rnd, 200));
      for (const sealer of [before.web, before.node] as RequestStateCodec[]) {
        const token = await sealer.seal(plaintext);
        expect(await outcome(() => after.node.unseal(token))).toBe(await outcome(() => after.web.unseal(token)));
        expect(await outcome(() => after.node.unseal(token))).toMatch(/^opened /);
        expect(await outcome(() => stranger.node.unseal(token))).toBe(await outcome(() => stranger.web.unseal(token)));
        expect(await outcome(() => stranger.node.unseal(token))).toMatch(/unknown_key$/);
      }
    }
  });

  it('answers every tampered token alike: same bytes, or same error class, message and reason', async () => {
    const rnd = seededRandom(SEED + 2);
    const seen = new Set<string>();
    for (let i = 0; i < CASES * 5; i++) {
      const { web, node } = pair(keyRing(rnd), rnd);
      const sealers: AesGcmTokenCodec<unknown>[] = [web, node];
      const token = await sealers[int(rnd, 2)]!.seal(bytes(rnd, int(rnd, 300)));
      const bad = tamper(token, rnd);
      const fromNode = await outcome(() => node.unseal(bad));
      expect(fromNode).toBe(await outcome(() => web.unseal(bad)));
      seen.add(fromNode.startsWith('opened') ? 'opened' : fromNode.split(' ').pop()!);
    }
    // the fuzz reached each refusal of the format (an untouched token, e.g. a cut of 0 characters, opens)
    expect([...seen].sort()).toEqual(['malformed', 'opened', 'tag_mismatch', 'unknown_key']);
  });

  it('the sealer opens across codecs over random bindings, and refuses a changed binding alike', async () => {
    const rnd = seededRandom(SEED + 3);
    const clock = () => Date.UTC(2026, 6, 28, 12);
    for (let i = 0; i < 100; i++) {
      const ring = keyRing(rnd);
      const sealerOf = (codec: RequestStateCodec) =>
        new ClaimsSealer({ codec, audience: 'srv', ttlSeconds: 600, clock, maxTokenLength: 16_384 });
      const { web, node } = pair(ring, rnd);
      const [viaWeb, viaNode] = [sealerOf(web), sealerOf(node)];
      const binding: RequestBinding = {
        method: (['tools/call', 'prompts/get', 'resources/read'] as const)[int(rnd, 3)]!,
        target: text(rnd, 1 + int(rnd, 12)),
        arguments: { [text(rnd, 3, ALPHABET)]: text(rnd, int(rnd, 20)), n: int(rnd, 1000) },
        principal: rnd() < 0.5 ? null : JSON.stringify(['app', 'https://idp', text(rnd, 6)]),
      };
      const state = { step: int(rnd, 5), note: text(rnd, int(rnd, 40)) };
      const [first, second] = rnd() < 0.5 ? [viaWeb, viaNode] : [viaNode, viaWeb];
      const token = await first.seal(state, binding);
      expect(await second.open(token, binding)).toEqual(state);
      const changed = [
        { ...binding, target: binding.target + 'x' },
        { ...binding, arguments: { other: 1 } },
        { ...binding, principal: binding.principal === null ? 'mallory' : null },
        { ...binding, method: binding.method === 'tools/call' ? 'prompts/get' : 'tools/call' },
      ][int(rnd, 4)] as RequestBinding;
      const reasonVia = async (sealer: ClaimsSealer) => {
        try {
          await sealer.open(token, changed);
          return 'opened';
        } catch (error) {
          const e = error as Error & { reason?: string };
          return `${e.constructor.name} "${e.message}" ${e.reason}`;
        }
      };
      expect(await reasonVia(viaNode)).toBe(await reasonVia(viaWeb));
      expect(await reasonVia(viaNode)).toMatch(/^InvalidRequestStateError .*_(mismatch|drift)$/);
    }
  });
});
