import { RequestStateConfigError } from '../errors/request-state-config.error';

/**
 * The platform's Web Crypto (`globalThis.crypto`): the same object on Node 20+, Bun, Deno and Workers, so
 * the package needs no Node built-in. Looked up on use, so a runtime without it fails with a sentence
 * saying so rather than a TypeError deep in a seal.
 */
export function webCrypto(): Crypto {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (crypto?.subtle === undefined || typeof crypto.getRandomValues !== 'function') {
    throw new RequestStateConfigError(
      '@tessera/request-state needs Web Crypto (globalThis.crypto with subtle and getRandomValues): Node 20+, Bun, Deno and Workers have it',
    );
  }
  return crypto;
}
