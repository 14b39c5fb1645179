// AES-256-GCM seal+open of a typical requestState token (the Tessera format: kid ‖ nonce ‖ ciphertext ‖
// tag under AAD `v1.` ‖ kid), three ways: node:crypto (where the runtime has it), Web Crypto
// (globalThis.crypto.subtle) and @noble/ciphers (pure JS); then the package's two codecs (node:crypto's,
// used on Node; Web Crypto's, used elsewhere) and its sealer (claims, binding, principal hash) on each.
// Runs unchanged on Node, Bun and Deno:
//   npm run bench -w @tessera/request-state       (node; builds dist first)
//   bun bench/codec.bench.mjs    deno run -A bench/codec.bench.mjs
// Each variant is timed in interleaved rounds and the best round is reported: the machine is shared.
import { gcm } from '@noble/ciphers/aes';
import { createRequire } from 'node:module';

// dist is CommonJS; require() loads it the same way on Node, Bun and Deno
const require = createRequire(import.meta.url);
const { RequestStateSecurity } = require('../dist/index.js');
const { toKeyMaterial } = require('../dist/crypto/key-material.js');
const { nodeCrypto: nodeCryptoOfRuntime } = require('../dist/crypto/node-crypto.js');
const { NodeCryptoAesGcmCodec } = require('../dist/crypto/node-crypto-aes-gcm.codec.js');
const { WebCryptoAesGcmCodec } = require('../dist/crypto/web-crypto-aes-gcm.codec.js');

const nodeCrypto = await import('node:crypto').catch(() => undefined);
const ITERATIONS = Number(globalThis.process?.env?.BENCH_ITERATIONS ?? 2_000);
const ROUNDS = Number(globalThis.process?.env?.BENCH_ROUNDS ?? 9);
const runtime = globalThis.Bun
  ? `bun ${globalThis.Bun.version}`
  : globalThis.Deno
    ? `deno ${globalThis.Deno.version.deno}`
    : `node ${globalThis.process.version}`;

const KEY = 'bench-key-'.padEnd(48, 'k');
const key = globalThis.crypto.getRandomValues(new Uint8Array(32));
const kid = new Uint8Array([1, 2, 3, 4]);
const aad = new Uint8Array([...new TextEncoder().encode('v1.'), ...kid]);
// a typical token's claims: a resolver's progress with one answer, bound to a tool call
const state = { r: { answers: { region: { action: 'accept', content: { region: 'eu-west-1' } } }, asked: ['region'] } };
const binding = {
  method: 'tools/call',
  target: 'deploy',
  arguments: { service: 'api', replicas: 3 },
  principal: '["app","https://idp","alice"]',
};
const plaintext = new TextEncoder().encode(
  JSON.stringify({
    v: 1,
    iat: 1785240000,
    exp: 1785240600,
    m: 'tools/call',
    t: 'deploy',
    a: 'x'.repeat(22),
    aud: 'deployer',
    p: 'y'.repeat(32),
    s: state,
  }),
);
const nonce = () => globalThis.crypto.getRandomValues(new Uint8Array(12));
const join = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const check = (bytes) => {
  if (bytes.length !== plaintext.length) throw new Error('round trip failed');
};

const subtleKey = await globalThis.crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt', 'decrypt']);
const variants = [];
if (nodeCrypto?.createCipheriv) {
  variants.push([
    'node:crypto createCipheriv',
    () => {
      const iv = nonce();
      const c = nodeCrypto.createCipheriv('aes-256-gcm', key, iv);
      c.setAAD(aad);
      const body = join(kid, iv, c.update(plaintext), c.final(), c.getAuthTag());
      const d = nodeCrypto.createDecipheriv('aes-256-gcm', key, body.subarray(4, 16));
      d.setAAD(aad);
      d.setAuthTag(body.subarray(body.length - 16));
      check(join(d.update(body.subarray(16, body.length - 16)), d.final()));
    },
  ]);
}
variants.push(
  [
    'Web Crypto subtle',
    async () => {
      const iv = nonce();
      const sealed = new Uint8Array(
        await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, subtleKey, plaintext),
      );
      const body = join(kid, iv, sealed);
      const params = { name: 'AES-GCM', iv: body.subarray(4, 16), additionalData: aad };
      check(new Uint8Array(await globalThis.crypto.subtle.decrypt(params, subtleKey, body.subarray(16))));
    },
  ],
  [
    '@noble/ciphers gcm',
    () => {
      const iv = nonce();
      const body = join(kid, iv, gcm(key, iv, aad).encrypt(plaintext));
      check(gcm(key, body.subarray(4, 16), aad).decrypt(body.subarray(16)));
    },
  ],
);
// the package's codecs and sealers: node:crypto's only where this runtime is Node (what the package picks)
const ring = toKeyMaterial([KEY]);
const codecs = [
  ...(nodeCryptoOfRuntime() ? [['node:crypto codec (used on Node)', new NodeCryptoAesGcmCodec(ring)]] : []),
  [`Web Crypto codec (used ${nodeCryptoOfRuntime() ? 'off Node' : 'here'})`, new WebCryptoAesGcmCodec(ring)],
];
for (const [name, codec] of codecs)
  variants.push([`Tessera ${name}: seal+open`, async () => check(await codec.unseal(await codec.seal(plaintext)))]);
for (const [name, codec] of codecs) {
  const sealer = new RequestStateSecurity({ codec, audience: 'deployer' }).forServer(undefined);
  variants.push([
    `Tessera sealer (claims + binding) on the ${name.replace(/ \(.*/, '')}`,
    async () => {
      const opened = await sealer.open(await sealer.seal(state, binding), binding);
      if (opened.r.asked[0] !== 'region') throw new Error('round trip failed');
    },
  ]);
}

async function timeOnce(fn) {
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) await fn();
  return ((performance.now() - start) * 1000) / ITERATIONS;
}

for (const [, fn] of variants) for (let i = 0; i < 1_000; i++) await fn(); // warm up the JIT
const best = variants.map(() => Infinity);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, [, fn]] of variants.entries()) best[index] = Math.min(best[index], await timeOnce(fn));
}
const base = best[variants.findIndex(([name]) => name === 'Web Crypto subtle')];
console.log(`${runtime}: ${ITERATIONS} iterations x ${ROUNDS} rounds (best), plaintext ${plaintext.length} bytes\n`);
console.log('| Variant | µs per seal+open | × Web Crypto |');
console.log('|---|---:|---:|');
variants.forEach(([name], i) => console.log(`| ${name} | ${best[i].toFixed(1)} | ${(best[i] / base).toFixed(2)} |`));
