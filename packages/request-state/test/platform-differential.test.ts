import { nodeBase64url } from '../src/crypto/node-base64url';
import { nodeCrypto, type NodeCrypto } from '../src/crypto/node-crypto';
import { nodeDigest16, nodeSha256, portableDigest16, portableSha256 } from '../src/crypto/sha256';
import { webBase64url } from '../src/crypto/web-base64url';
import { seededRandom } from './helpers';

// The node:crypto and Buffer primitives used on Node against the portable ones used elsewhere, over seeded
// random inputs: the same digests, the same base64url text, and the same verdict on every spelling a
// client could send (canonical, padded, other alphabet, spare bits set). FUZZ_SEED=n replays a seed.
const SEED = Number(process.env.FUZZ_SEED ?? 0xba5e);
const node = nodeCrypto() as NodeCrypto;
const NOISE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/= \n.\u00e9';
const hex = (bytes: Uint8Array | undefined) => (bytes === undefined ? 'refused' : Buffer.from(bytes).toString('hex'));

describe(`node:crypto primitives against the portable ones (seed ${SEED})`, () => {
  it('runs on Node with node:crypto found', () => {
    expect(node).toBeDefined();
  });

  it.each([
    ['one-shot hash', node],
    ['Hash object (Node before 20.12)', { ...node, hash: undefined }],
  ])('SHA-256 (%s): the same digest of random bytes and strings, lone surrogates included', (_, platform) => {
    const rnd = seededRandom(SEED);
    const sha = nodeSha256(platform);
    for (let i = 0; i < 2_000; i++) {
      const length = Math.floor(rnd() * (i % 10 === 0 ? 5_000 : 200));
      const bytes = Uint8Array.from({ length }, () => Math.floor(rnd() * 256));
      expect(hex(sha(bytes))).toBe(hex(portableSha256(bytes)));
      // JSON.stringify escapes lone surrogates, as the callers do, so every string hashed is well-formed
      const text = JSON.stringify(String.fromCharCode(...Array.from({ length }, () => Math.floor(rnd() * 0xffff))));
      expect(hex(sha(text))).toBe(hex(portableSha256(text)));
    }
  });

  it.each([
    ['one-shot hash', node],
    ['Hash object (Node before 20.12)', { ...node, hash: undefined }],
  ])('the 16-byte digest text (%s): the same 22 characters for random strings', (_, platform) => {
    const rnd = seededRandom(SEED + 2);
    const digest = nodeDigest16(platform);
    for (let i = 0; i < 5_000; i++) {
      const length = Math.floor(rnd() * (i % 10 === 0 ? 2_000 : 80));
      const text = JSON.stringify(String.fromCharCode(...Array.from({ length }, () => Math.floor(rnd() * 0xffff))));
      const expected = portableDigest16(text);
      expect(expected).toHaveLength(22);
      expect(digest(text)).toBe(expected);
    }
  });

  it('base64url: the same text for random bytes, and the same verdict on random spellings', () => {
    const rnd = seededRandom(SEED + 1);
    const fromNode = nodeBase64url(node);
    for (let i = 0; i < 5_000; i++) {
      const bytes = Uint8Array.from({ length: Math.floor(rnd() * 100) }, () => Math.floor(rnd() * 256));
      const text = webBase64url.encode(bytes);
      expect(fromNode.encode(bytes)).toBe(text);
      expect(hex(fromNode.decodeCanonical(text))).toBe(hex(bytes));
      const at = Math.floor(rnd() * (text.length + 1));
      const respelled = [
        text.slice(0, at) + NOISE[Math.floor(rnd() * NOISE.length)] + text.slice(at + 1), // one character
        text.slice(0, at), // cut short
        text + '='.repeat(1 + Math.floor(rnd() * 2)), // padded
        text.slice(0, -1) + NOISE[Math.floor(rnd() * 64)], // the last character's spare bits
      ][i % 4]!;
      expect(hex(fromNode.decodeCanonical(respelled))).toBe(hex(webBase64url.decodeCanonical(respelled)));
    }
  });
});
