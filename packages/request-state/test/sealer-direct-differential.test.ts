import { MemorySingleUseStore, type RequestBinding, type RequestStateCodec } from '@tessera/request-state';
import { toKeyMaterial } from '../src/crypto/key-material';
import { NodeCryptoAesGcmCodec } from '../src/crypto/node-crypto-aes-gcm.codec';
import { WebCryptoAesGcmCodec } from '../src/crypto/web-crypto-aes-gcm.codec';
import { ClaimsSealer } from '../src/sealing/claims-sealer';
import { KEY_A, KEY_B, seededRandom } from './helpers';

// The sealer's direct path (sealDirect, openLegDirect) against its promise path (seal, openLeg) over random
// states, bindings, tampered tokens and clocks: the same token byte for byte, the same state, and the same
// refusal (class, message, reason), thrown at once where the promise path rejects. FUZZ_SEED=n replays a seed.
const SEED = Number(process.env.FUZZ_SEED ?? 0xd1ec7);
const CASES = 300;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

type Rnd = () => number;
const int = (rnd: Rnd, n: number) => Math.floor(rnd() * n);
const bytes = (rnd: Rnd, length: number) => Uint8Array.from({ length }, () => int(rnd, 256));
const text = (rnd: Rnd, length: number) => Array.from({ length }, () => ALPHABET[int(rnd, 64)]).join('');
const T0 = Date.UTC(2026, 6, 28, 12);

// The principal claim's salt, queued like the nonces so that twin seals draw the same one.
const mockSalts: Uint8Array[] = [];
jest.mock('../src/crypto/random-pool', () => {
  const actual = jest.requireActual<typeof import('../src/crypto/random-pool')>('../src/crypto/random-pool');
  return { ...actual, takeRandomBytes: (length: number) => mockSalts.shift() ?? actual.takeRandomBytes(length) };
});
const sameSaltTwice = (rnd: Rnd) => {
  const salt = bytes(rnd, 8);
  mockSalts.push(salt, salt);
};

/** Two sealers over node:crypto codecs of one ring, one clock, and the same nonce for each pair of seals. */
function twins(rnd: Rnd, maxTokenLength = 16_384) {
  const nonces: Uint8Array[] = [];
  const next = () => nonces.shift() ?? bytes(rnd, 12);
  let now = T0;
  const config = (codec: RequestStateCodec) => ({
    codec,
    audience: 'srv',
    ttlSeconds: 600,
    clock: () => now,
    maxTokenLength,
  });
  const ring = toKeyMaterial([KEY_A, KEY_B]);
  return {
    direct: new ClaimsSealer(config(new NodeCryptoAesGcmCodec(ring, undefined, next))),
    viaPromise: new ClaimsSealer(config(new NodeCryptoAesGcmCodec(ring, undefined, next))),
    sameNonceTwice: () => {
      const nonce = bytes(rnd, 12);
      nonces.push(nonce, nonce);
    },
    setClock: (ms: number) => (now = ms),
  };
}

function randomBinding(rnd: Rnd): RequestBinding {
  return {
    method: (['tools/call', 'prompts/get', 'resources/read'] as const)[int(rnd, 3)]!,
    target: text(rnd, 1 + int(rnd, 12)),
    arguments: rnd() < 0.2 ? undefined : { [text(rnd, 3)]: text(rnd, int(rnd, 20)), n: int(rnd, 1000) },
    principal: rnd() < 0.5 ? null : JSON.stringify(['app', 'https://idp', text(rnd, 6)]),
  };
}

/** What a call did, and whether it answered at once: `direct <json>` / `promise <json>` / `threw ...` / `rejected ...`. */
async function outcome(run: () => unknown): Promise<string> {
  let answer: unknown;
  try {
    answer = run();
  } catch (error) {
    return `threw ${described(error)}`;
  }
  if (!(answer instanceof Promise)) return `direct ${JSON.stringify(answer)}`;
  try {
    return `promise ${JSON.stringify(await answer)}`;
  } catch (error) {
    return `rejected ${described(error)}`;
  }
}

const described = (error: unknown) => {
  const e = error as Error & { reason?: string };
  return `${e.constructor.name} "${e.message}" ${e.reason}`;
};
// the promise path's outcome as the direct path would give it at once
const atOnce = (promised: string) => promised.replace(/^promise /, 'direct ').replace(/^rejected /, 'threw ');

/** Something done to a token or to the leg carrying it. */
function tamper(rnd: Rnd, token: string, binding: RequestBinding): [unknown, RequestBinding, number] {
  const at = int(rnd, token.length);
  switch (int(rnd, 8)) {
    case 0:
      return [token.slice(0, at) + ALPHABET[int(rnd, 64)] + token.slice(at + 1), binding, T0];
    case 1:
      return [token.slice(0, at), binding, T0];
    case 2:
      return [token, { ...binding, target: binding.target + 'x' }, T0];
    case 3:
      return [token, { ...binding, arguments: { other: 1 } }, T0];
    case 4:
      return [token, { ...binding, principal: binding.principal === null ? 'mallory' : null }, T0];
    case 5:
      return [token, binding, T0 + 601_000]; // expired
    case 6:
      return [int(rnd, 2) === 0 ? 42 : 'x'.repeat(20_000), binding, T0];
    default:
      return [token, binding, T0 + int(rnd, 600_000)]; // untouched: opens
  }
}

describe(`sealer: direct path against the promise path (seed ${SEED})`, () => {
  it(`seals the same token at once, and opens it to the same state at once (${CASES} cases)`, async () => {
    const rnd = seededRandom(SEED);
    for (let i = 0; i < CASES; i++) {
      const { direct, viaPromise, sameNonceTwice } = twins(rnd);
      const binding = randomBinding(rnd);
      const state = rnd() < 0.2 ? text(rnd, int(rnd, 30)) : { r: { step: int(rnd, 5), note: text(rnd, int(rnd, 40)) } };
      sameNonceTwice();
      if (binding.principal != null) sameSaltTwice(rnd);
      const token = direct.sealDirect(state, binding);
      expect(typeof token).toBe('string');
      expect(token).toBe(await viaPromise.seal(state, binding));
      const key = rnd() < 0.3 ? text(rnd, 8) : undefined;
      const opened = direct.openLegDirect(token as string, binding, key);
      expect(opened).not.toBeInstanceOf(Promise);
      expect(opened).toEqual(await viaPromise.openLeg(token, binding, key));
      expect(opened).toEqual({ state });
    }
  });

  it('refuses every tampered token, changed binding and expired clock alike, thrown at once', async () => {
    const rnd = seededRandom(SEED + 1);
    const seen = new Set<string>();
    for (let i = 0; i < CASES * 2; i++) {
      const { direct, viaPromise, setClock } = twins(rnd);
      const binding = randomBinding(rnd);
      const token = await viaPromise.seal({ r: { step: 1 } }, binding);
      const [bad, leg, at] = tamper(rnd, token, binding);
      setClock(at);
      const fromDirect = await outcome(() => direct.openLegDirect(bad, leg, undefined));
      expect(fromDirect).toBe(atOnce(await outcome(() => viaPromise.openLeg(bad, leg, undefined))));
      seen.add(fromDirect.startsWith('direct') ? 'opened' : fromDirect.split(' ').pop()!);
    }
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(['arguments_mismatch', 'expired', 'opened', 'principal_drift', 'target_mismatch']),
    );
    expect([...seen].some((reason) => ['malformed', 'tag_mismatch'].includes(reason))).toBe(true);
  });

  it('refuses what seal refuses with the same error, thrown at once', async () => {
    const rnd = seededRandom(SEED + 2);
    const { direct, viaPromise } = twins(rnd, 200);
    const binding = randomBinding(rnd);
    for (const state of [undefined, () => 1, Symbol('s'), 'x'.repeat(500), 10n]) {
      expect(await outcome(() => direct.sealDirect(state, binding))).toBe(
        atOnce(await outcome(() => viaPromise.seal(state, binding))),
      );
      expect(await outcome(() => direct.sealDirect(state, binding))).toMatch(/^threw /);
    }
  });

  it('answers with a promise, to the same token and the same refusals, when the codec does (Web Crypto)', async () => {
    const rnd = seededRandom(SEED + 3);
    const nonce = bytes(rnd, 12);
    const web = (ttl = 600) =>
      new ClaimsSealer({
        codec: new WebCryptoAesGcmCodec(toKeyMaterial([KEY_A]), undefined, () => nonce),
        audience: 'srv',
        ttlSeconds: ttl,
        clock: () => T0,
        maxTokenLength: 16_384,
      });
    const binding = randomBinding(rnd);
    if (binding.principal != null) sameSaltTwice(rnd);
    const sealed = web().sealDirect({ r: 1 }, binding);
    expect(sealed).toBeInstanceOf(Promise);
    const token = await sealed;
    expect(token).toBe(await web().seal({ r: 1 }, binding));
    expect(await outcome(() => web().openLegDirect(token, binding, undefined))).toBe('promise {"state":{"r":1}}');
    const other = { ...binding, target: binding.target + 'x' };
    expect(await outcome(() => web().openLegDirect(token, other, undefined))).toBe(
      await outcome(() => web().openLeg(token, other, undefined)),
    );
  });

  it('under single use answers with a promise and consumes the token once, as openLeg does', async () => {
    const config = (store: MemorySingleUseStore) => ({
      codec: new NodeCryptoAesGcmCodec(toKeyMaterial([KEY_A])),
      audience: 'srv',
      ttlSeconds: 600,
      clock: () => Date.now(),
      maxTokenLength: 16_384,
      singleUse: { store, timeoutMs: 1000 },
    });
    const sealer = new ClaimsSealer(config(new MemorySingleUseStore()));
    const binding = randomBinding(seededRandom(SEED + 4));
    const token = await sealer.seal({ r: 2 }, binding);
    expect(await outcome(() => sealer.openLegDirect(token, binding, undefined))).toBe('promise {"state":{"r":2}}');
    expect(await outcome(() => sealer.openLegDirect(token, binding, undefined))).toBe(
      await outcome(() => sealer.openLeg(token, binding, undefined)),
    );
    expect(await outcome(() => sealer.openLeg(token, binding, undefined))).toMatch(/^rejected .* replayed$/);
  });
});
