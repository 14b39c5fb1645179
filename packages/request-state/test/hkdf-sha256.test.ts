import { randomBytes } from 'node:crypto';
import { hkdf } from '@noble/hashes/hkdf';
import { sha256 } from '@noble/hashes/sha2';
import { hkdfSha256 } from '../src/crypto/hkdf-sha256';
import { nodeCrypto } from '../src/crypto/node-crypto';

// The key derivation runs on node:crypto on Node: it must give @noble/hashes' bytes for every key, info and
// length, or a token sealed by one runtime would not open on another.
describe('hkdfSha256', () => {
  test('is node:crypto HKDF on Node', () => {
    expect(nodeCrypto()?.hkdfSync).toBeDefined();
  });

  test('gives the same bytes as @noble/hashes for random keys, infos and lengths (random inputs, 200 cases)', () => {
    for (let i = 0; i < 200; i++) {
      const secret = new Uint8Array(randomBytes(1 + (i % 64)));
      const info = i % 3 === 0 ? 'mcp/request-state/v1/aes-256-gcm' : randomBytes(i % 40).toString('base64');
      const length = 1 + ((i * 7) % 96);
      const ours = hkdfSha256(secret, info, length);
      expect(ours).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(ours).toString('hex')).toBe(
        Buffer.from(hkdf(sha256, secret, undefined, info, length)).toString('hex'),
      );
    }
  });
});
