import { RequestStateSecurity } from '@tessera/request-state';
import { toKeyMaterial } from '../src/crypto/key-material';
import { KEY_A } from './helpers';

type Choice = typeof import('../src/crypto/aes-gcm-codec');

/** The codec class aesGcmCodec picks with `globals` set on globalThis (a fresh module registry each time). */
function chosenWith(globals: Record<string, unknown>): string {
  const saved = Object.entries(globals).map(
    ([name]) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const [name, value] of Object.entries(globals))
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  try {
    let name = '';
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { aesGcmCodec } = require('../src/crypto/aes-gcm-codec') as Choice;
      name = aesGcmCodec(toKeyMaterial([KEY_A])).constructor.name;
    });
    return name;
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor === undefined) delete (globalThis as Record<string, unknown>)[name];
      else Object.defineProperty(globalThis, name, descriptor);
    }
  }
}

describe('the codec a key ring gets', () => {
  it('is node:crypto on Node', () => {
    expect(chosenWith({})).toBe('NodeCryptoAesGcmCodec');
  });

  it.each([
    ['Bun', { Bun: { version: '1.2.0' } }],
    ['Deno', { Deno: { version: { deno: '2.0.0' } } }],
    ['Workers (nodejs_compat)', { navigator: { userAgent: 'Cloudflare-Workers' } }],
    ['a runtime without process', { process: undefined }],
    [
      'Node before getBuiltinModule',
      { process: { ...process, release: process.release, getBuiltinModule: undefined } },
    ],
  ])('is Web Crypto on %s', (_, globals) => {
    expect(chosenWith(globals)).toBe('WebCryptoAesGcmCodec');
  });

  it('RequestStateSecurity seals on node:crypto here, in tokens the Web Crypto codec opens', async () => {
    const { WebCryptoAesGcmCodec } =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('../src/crypto/web-crypto-aes-gcm.codec') as typeof import('../src/crypto/web-crypto-aes-gcm.codec');
    const sealer = new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv');
    const token = await sealer.seal({ ok: 1 }, { method: 'tools/call', target: 't' });
    const claims = JSON.parse(
      Buffer.from(await new WebCryptoAesGcmCodec(toKeyMaterial([KEY_A])).unseal(token)).toString(),
    );
    expect(claims.s).toEqual({ ok: 1 });
  });
});
