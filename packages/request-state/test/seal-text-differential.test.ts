import type { RequestBinding, RequestStateCodec } from '@tessera/request-state';
import { toKeyMaterial } from '../src/crypto/key-material';
import { NodeCryptoAesGcmCodec } from '../src/crypto/node-crypto-aes-gcm.codec';
import { ClaimsSealer } from '../src/sealing/claims-sealer';
import { KEY_A, KEY_B, seededRandom } from './helpers';

// The sealer hands node:crypto's codec the claims' JSON as text (`sealText`, Buffer's UTF-8) where it
// handed every codec `TextEncoder`'s bytes. Held here to that over seeded random strings and states: the
// same bytes, the same token for the same nonce, and tokens of each opened by the other, against a sealer
// whose codec is the same one behind a wrapper (which takes the former path). FUZZ_SEED=n replays a seed.
const SEED = Number(process.env.FUZZ_SEED ?? 0x7e47);
const T0 = Date.UTC(2026, 6, 28, 12);
const utf8 = new TextEncoder();

type Rnd = () => number;
const int = (rnd: Rnd, n: number) => Math.floor(rnd() * n);
const bytes = (rnd: Rnd, length: number) => Uint8Array.from({ length }, () => int(rnd, 256));
const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length).toString('hex');

/** Code units of every kind: ASCII, two- and three-byte UTF-8, surrogate pairs, lone surrogates. */
function randomString(rnd: Rnd, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) {
    const kind = int(rnd, 6);
    if (kind === 0)
      text += String.fromCharCode(0xd800 + int(rnd, 0x800)); // a surrogate, paired or lone
    else if (kind === 1)
      text += String.fromCodePoint(0x10000 + int(rnd, 0xfffff)); // a pair
    else if (kind === 2) text += String.fromCharCode(0x80 + int(rnd, 0x780));
    else if (kind === 3) text += String.fromCharCode(0x800 + int(rnd, 0xd000));
    else text += String.fromCharCode(int(rnd, 0x80));
  }
  return text;
}

function randomState(rnd: Rnd, depth = 0): unknown {
  switch (depth > 2 ? int(rnd, 3) : int(rnd, 5)) {
    case 0:
      return randomString(rnd, int(rnd, 30));
    case 1:
      return rnd() < 0.5 ? int(rnd, 1e6) : rnd() * 1e3;
    case 2:
      return [null, true, false][int(rnd, 3)];
    case 3:
      return Array.from({ length: int(rnd, 4) }, () => randomState(rnd, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: int(rnd, 4) }, () => [randomString(rnd, 1 + int(rnd, 6)), randomState(rnd, depth + 1)]),
      );
  }
}

function randomBinding(rnd: Rnd): RequestBinding {
  return {
    method: (['tools/call', 'prompts/get', 'resources/read'] as const)[int(rnd, 3)]!,
    target: randomString(rnd, 1 + int(rnd, 12)),
    arguments: rnd() < 0.2 ? undefined : { [randomString(rnd, 3)]: randomString(rnd, int(rnd, 20)), n: int(rnd, 1000) },
    principal: null,
  };
}

describe(`the claims' UTF-8 through Buffer against TextEncoder (seed ${SEED})`, () => {
  it('the same bytes for random strings, lone surrogates included, and the same token for the same nonce', () => {
    const rnd = seededRandom(SEED);
    const nonces: Uint8Array[] = [];
    const codec = new NodeCryptoAesGcmCodec(toKeyMaterial([KEY_A]), undefined, () => nonces.shift()!);
    for (let i = 0; i < 3_000; i++) {
      const text = i % 2 ? randomString(rnd, int(rnd, 300)) : JSON.stringify(randomState(rnd));
      expect(hex(Buffer.from(text, 'utf8'))).toBe(hex(utf8.encode(text)));
      const nonce = bytes(rnd, 12);
      nonces.push(nonce, nonce);
      expect(codec.sealText(text)).toBe(codec.seal(utf8.encode(text)));
    }
  });

  it("a sealer on node:crypto's codec seals what one on a wrapped codec seals, and each opens the other's tokens", async () => {
    const rnd = seededRandom(SEED + 1);
    const nonces: Uint8Array[] = [];
    const ring = toKeyMaterial([KEY_A, KEY_B]);
    const node = new NodeCryptoAesGcmCodec(ring, undefined, () => nonces.shift()!);
    // not the codec's class: the sealer gives it TextEncoder's bytes, as it gave every codec before
    const wrapped: RequestStateCodec = { seal: (b) => node.seal(b), unseal: (t) => node.unseal(t) };
    const config = (codec: RequestStateCodec) => ({
      codec,
      audience: 'srv',
      ttlSeconds: 600,
      clock: () => T0,
      maxTokenLength: 1 << 20,
    });
    const direct = new ClaimsSealer(config(node));
    const former = new ClaimsSealer(config(wrapped));
    for (let i = 0; i < 1_000; i++) {
      const state = randomState(rnd);
      const binding = randomBinding(rnd);
      const nonce = bytes(rnd, 12);
      nonces.push(nonce, nonce);
      const token = await direct.seal(state, binding);
      expect(token).toBe(await former.seal(state, binding));
      const expected = JSON.parse(JSON.stringify({ s: state })).s;
      expect(await former.open(token, binding)).toEqual(expected);
      expect(await direct.open(token, binding)).toEqual(expected);
    }
  });
});
