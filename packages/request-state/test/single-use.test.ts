import {
  DEFAULT_SINGLE_USE_TIMEOUT_MS,
  MemorySingleUseStore,
  protectRequestState,
  RequestStateConfigError,
  RequestStateSecurity,
  SingleUseStoreUnavailableError,
  type SingleUseStore,
} from '@tessera/request-state';
import { AesGcmCodec } from '../src/crypto/aes-gcm.codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { CALL, KEY_A, manualClock } from './helpers';

const P = { ...CALL, principal: 'alice' };
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(new AesGcmCodec(toKeyMaterial([KEY_A])).unseal(token)).toString()) as Record<string, unknown>;

/** A store that records what it was asked, in front of a real in-memory one. */
function recording(inner: SingleUseStore = new MemorySingleUseStore()) {
  const calls: Array<[string, number]> = [];
  const store: SingleUseStore = {
    consume: (nonce, ttlMs) => (calls.push([nonce, ttlMs]), inner.consume(nonce, ttlMs)),
  };
  return { store, calls };
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: { reason?: string }) => e,
  );
  if (error === undefined) throw new Error('expected a refusal');
  return String(error.reason);
}

describe('single-use requestState (opt-in)', () => {
  test('every token of a single-use policy carries its own nonce; without the option there is none', () => {
    const plain = new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv');
    expect(claimsOf(plain.seal('s', P)).n).toBeUndefined();
    const once = new RequestStateSecurity({ keys: [KEY_A], singleUse: new MemorySingleUseStore() }).forServer('srv');
    const a = claimsOf(once.seal('s', P)).n;
    const b = claimsOf(once.seal('s', P)).n;
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits, base64url
    expect(a).not.toBe(b);
  });

  test('the first retry opens; the same token again is refused as replayed, also on another instance sharing the store', async () => {
    const shared = new MemorySingleUseStore();
    const instanceA = new RequestStateSecurity({ keys: [KEY_A], singleUse: shared }).forServer('srv');
    const instanceB = new RequestStateSecurity({ keys: [KEY_A], singleUse: shared }).forServer('srv');
    const token = instanceA.seal({ step: 1 }, P);
    await expect(instanceB.openOnce(token, P)).resolves.toEqual({ step: 1 });
    expect(await reasonOf(instanceA.openOnce(token, P))).toBe('replayed');
    expect(await reasonOf(instanceB.openOnce(token, P))).toBe('replayed');
  });

  test("the store keeps the nonce for the token's remaining life, in milliseconds", async () => {
    const clock = manualClock();
    const { store, calls } = recording(new MemorySingleUseStore(clock.now));
    const sealer = new RequestStateSecurity({ keys: [KEY_A], ttl: 600, clock: clock.now, singleUse: store }).forServer(
      'srv',
    );
    const token = sealer.seal('s', P);
    clock.advance(250_000);
    await sealer.openOnce(token, P);
    expect(calls).toEqual([[claimsOf(token).n, 350_000]]);
  });

  test('a token refused for any other reason consumes nothing', async () => {
    const { store, calls } = recording();
    const sealer = new RequestStateSecurity({ keys: [KEY_A], singleUse: store }).forServer('srv');
    const token = sealer.seal('s', P);
    expect(await reasonOf(sealer.openOnce(token, { ...P, target: 'other' }))).toBe('target_mismatch');
    expect(await reasonOf(sealer.openOnce(token, { ...P, principal: 'mallory' }))).toBe('principal_mismatch');
    expect(calls).toEqual([]);
    await expect(sealer.openOnce(token, P)).resolves.toBe('s'); // still good for its real retry
  });

  test('a token sealed without single use is refused by a single-use policy (no_nonce)', async () => {
    const token = new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv').seal('s', P);
    const sealer = new RequestStateSecurity({ keys: [KEY_A], singleUse: new MemorySingleUseStore() }).forServer('srv');
    expect(await reasonOf(sealer.openOnce(token, P))).toBe('no_nonce');
  });

  test('without single use, openOnce is open: a replay within the TTL is accepted', async () => {
    const sealer = new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv');
    const token = sealer.seal('s', P);
    await expect(sealer.openOnce(token, P)).resolves.toBe('s');
    await expect(sealer.openOnce(token, P)).resolves.toBe('s');
  });

  describe('a store that does not answer: the leg is refused (fail closed), as the server failure it is', () => {
    test('a store that fails', async () => {
      const down: SingleUseStore = {
        consume: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')),
      };
      const sealer = new RequestStateSecurity({ keys: [KEY_A], singleUse: down }).forServer('srv');
      const error = await sealer.openOnce(sealer.seal('s', P), P).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SingleUseStoreUnavailableError);
      expect(error).toMatchObject({
        code: 'TESSERA_SINGLE_USE_STORE_UNAVAILABLE',
        message:
          'requestState single-use store unavailable: connect ECONNREFUSED 127.0.0.1:6379; leg refused (fail closed)',
      });
    });

    test('a store that hangs: refused after singleUseTimeoutMs', async () => {
      const hung: SingleUseStore = { consume: () => new Promise(() => undefined) };
      const sealer = new RequestStateSecurity({ keys: [KEY_A], singleUse: hung, singleUseTimeoutMs: 50 }).forServer(
        'srv',
      );
      const started = Date.now();
      await expect(sealer.openOnce(sealer.seal('s', P), P)).rejects.toThrow(
        'requestState single-use store unavailable: no answer within 50 ms; leg refused (fail closed)',
      );
      expect(Date.now() - started).toBeLessThan(2000);
      expect(DEFAULT_SINGLE_USE_TIMEOUT_MS).toBe(2000);
    });
  });

  test('MemorySingleUseStore: atomic within the process, forgets a nonce once its time is up', async () => {
    const clock = manualClock();
    const store = new MemorySingleUseStore(clock.now);
    expect(
      await Promise.all([store.consume('n1', 1000), store.consume('n1', 1000), store.consume('n2', 1000)]),
    ).toEqual([true, false, true]);
    clock.advance(1001);
    expect(await store.consume('n1', 1000)).toBe(true); // the token it stood for has expired by now
    for (let i = 0; i < 1100; i++) await store.consume(`bulk${i}`, 10);
    clock.advance(11);
    for (let i = 0; i < 1024; i++) await store.consume(`later${i}`, 1000);
    expect(store.size).toBeLessThan(1100 + 1024); // expired records were swept
  });

  test('bad settings are refused at construction, naming the field', () => {
    expect(() => new RequestStateSecurity({ keys: [KEY_A], singleUse: {} as SingleUseStore })).toThrow(
      'RequestStateSecurity: singleUse must be a store with consume(nonce, ttlMs) => Promise<boolean>',
    );
    expect(
      () => new RequestStateSecurity({ keys: [KEY_A], singleUse: new MemorySingleUseStore(), singleUseTimeoutMs: 0 }),
    ).toThrow('RequestStateSecurity: singleUseTimeoutMs must be a positive number of milliseconds, got 0');
    expect(() => new RequestStateSecurity({ keys: [KEY_A], singleUseTimeoutMs: 100 })).toThrow(RequestStateConfigError);
    expect(() =>
      protectRequestState(new RequestStateSecurity({ keys: [KEY_A], singleUse: new MemorySingleUseStore() }), {
        audience: 'srv',
      }),
    ).toThrow('protectRequestState: single-use state (singleUse) is not supported on plain SDK servers yet');
  });
});
