import {
  DEFAULT_SINGLE_USE_TIMEOUT_MS,
  MemorySingleUseStore,
  protectRequestState,
  RequestStateConfigError,
  RequestStateSecurity,
  SingleUseStoreUnavailableError,
  type SingleUseStore,
} from '@tessera/request-state';
import { aesGcmCodec } from '../src/crypto/aes-gcm-codec';
import { toKeyMaterial } from '../src/crypto/key-material';
import { CALL, KEY_A, manualClock } from './helpers';

const P = { ...CALL, principal: 'alice' };
const claimsOf = async (token: string) =>
  JSON.parse(Buffer.from(await aesGcmCodec(toKeyMaterial([KEY_A])).unseal(token)).toString()) as Record<
    string,
    unknown
  >;

/** A store that records what it was asked, in front of a real in-memory one. */
function recording(inner: SingleUseStore = new MemorySingleUseStore()) {
  const calls: Array<[string, number]> = [];
  const released: string[] = [];
  const store: SingleUseStore = {
    consume: (nonce, until) => (calls.push([nonce, until.expiresAtMs]), inner.consume(nonce, until)),
    release: (nonce) => (released.push(nonce), inner.release!(nonce)),
  };
  return { store, calls, released };
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
  test('every token of a single-use policy carries its own nonce; without the option there is none', async () => {
    const plain = new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv');
    expect((await claimsOf(await plain.seal('s', P))).n).toBeUndefined();
    const once = new RequestStateSecurity({ keys: [KEY_A], singleUse: new MemorySingleUseStore() }).forServer('srv');
    const a = (await claimsOf(await once.seal('s', P))).n;
    const b = (await claimsOf(await once.seal('s', P))).n;
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits, base64url
    expect(a).not.toBe(b);
  });

  test('the first retry opens; the same token again is refused as replayed, also on another instance sharing the store', async () => {
    const shared = new MemorySingleUseStore();
    const instanceA = new RequestStateSecurity({ keys: [KEY_A], singleUse: shared }).forServer('srv');
    const instanceB = new RequestStateSecurity({ keys: [KEY_A], singleUse: shared }).forServer('srv');
    const token = await instanceA.seal({ step: 1 }, P);
    await expect(instanceB.openOnce(token, P)).resolves.toEqual({ step: 1 });
    expect(await reasonOf(instanceA.openOnce(token, P))).toBe('replayed');
    expect(await reasonOf(instanceB.openOnce(token, P))).toBe('replayed');
  });

  test("the store keeps the nonce until the token's own expiry plus the allowed clock skew, whenever it is consumed", async () => {
    const clock = manualClock();
    const { store, calls } = recording(new MemorySingleUseStore(clock.now));
    const sealer = new RequestStateSecurity({ keys: [KEY_A], ttl: 600, clock: clock.now, singleUse: store }).forServer(
      'srv',
    );
    const token = await sealer.seal('s', P);
    const exp = (await claimsOf(token)).exp as number;
    clock.advance(250_000);
    await sealer.openOnce(token, P);
    expect(calls).toEqual([[(await claimsOf(token)).n, Math.ceil((exp + 60) * 1000)]]);
  });

  test('two instances whose clocks differ by 30 s: a token consumed on the one ahead is refused on the one behind after its expiry by the first clock', async () => {
    const redisClock = manualClock(); // the shared store keeps real time
    const shared = new MemorySingleUseStore(redisClock.now);
    const ahead = new RequestStateSecurity({ keys: [KEY_A], ttl: 600, clock: redisClock.now, singleUse: shared });
    const behind = new RequestStateSecurity({
      keys: [KEY_A],
      ttl: 600,
      clock: () => redisClock.now() - 30_000,
      singleUse: shared,
    });
    const token = await ahead.forServer('srv').seal({ pay: 1 }, P);
    redisClock.advance(590_000);
    await expect(ahead.forServer('srv').openOnce(token, P)).resolves.toEqual({ pay: 1 });
    redisClock.advance(20_000); // 610 s: expired on the first clock, 580 s on the second, which still accepts it
    expect(await reasonOf(ahead.forServer('srv').openOnce(token, P))).toBe('expired');
    expect(await reasonOf(behind.forServer('srv').openOnce(token, P))).toBe('replayed');
  });

  test('an instance that shares the keys but has no single-use store refuses a single-use token, every time', async () => {
    const withStore = new RequestStateSecurity({ keys: [KEY_A], singleUse: new MemorySingleUseStore() }).forServer(
      'srv',
    );
    const withoutStore = new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv');
    const token = await withStore.seal('s', P);
    expect(await reasonOf(withoutStore.openOnce(token, P))).toBe('single_use_without_store');
    expect(await reasonOf(withoutStore.openOnce(token, P))).toBe('single_use_without_store');
    await expect(withoutStore.open(token, P)).rejects.toThrow(
      expect.objectContaining({ reason: 'single_use_without_store' }),
    );
    await expect(withStore.openOnce(token, P)).resolves.toBe('s'); // refusing it consumed nothing
  });

  test('giveBack: a token whose leg never reached its handler opens again; without single use it does nothing', async () => {
    const { store, released } = recording();
    const sealer = new RequestStateSecurity({ keys: [KEY_A], singleUse: store }).forServer('srv');
    const token = await sealer.seal('s', P);
    await sealer.openOnce(token, P);
    await sealer.giveBack(token);
    expect(released).toEqual([(await claimsOf(token)).n]);
    await expect(sealer.openOnce(token, P)).resolves.toBe('s');
    await sealer.giveBack('not a token'); // never opened, never consumed: nothing to give back
    expect(released).toHaveLength(1);
    const plain = new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv');
    await expect(plain.giveBack(await plain.seal('s', P))).resolves.toBeUndefined();
  });

  test('a store that answers after the leg gave up on it: the late consume is released, so the retry opens', async () => {
    const inner = new MemorySingleUseStore();
    let answer!: () => void;
    let releasedLate!: () => void;
    const released = new Promise<void>((resolve) => (releasedLate = resolve));
    const slow: SingleUseStore = {
      consume: (nonce, until) => new Promise((resolve) => (answer = () => resolve(inner.consume(nonce, until)))),
      release: (nonce) => inner.release(nonce).then(releasedLate),
    };
    const sealer = new RequestStateSecurity({ keys: [KEY_A], singleUse: slow, singleUseTimeoutMs: 20 }).forServer(
      'srv',
    );
    const token = await sealer.seal('s', P);
    await expect(sealer.openOnce(token, P)).rejects.toBeInstanceOf(SingleUseStoreUnavailableError);
    answer(); // the store marks the nonce after the leg was refused
    await released; // and the late mark is given back
    const fast = new RequestStateSecurity({ keys: [KEY_A], singleUse: inner }).forServer('srv');
    await expect(fast.openOnce(token, P)).resolves.toBe('s');
  });

  test('a token refused for any other reason consumes nothing', async () => {
    const { store, calls } = recording();
    const sealer = new RequestStateSecurity({ keys: [KEY_A], singleUse: store }).forServer('srv');
    const token = await sealer.seal('s', P);
    expect(await reasonOf(sealer.openOnce(token, { ...P, target: 'other' }))).toBe('target_mismatch');
    expect(await reasonOf(sealer.openOnce(token, { ...P, principal: 'mallory' }))).toBe('principal_mismatch');
    expect(calls).toEqual([]);
    await expect(sealer.openOnce(token, P)).resolves.toBe('s'); // still good for its real retry
  });

  test('a token sealed without single use is refused by a single-use policy (no_nonce)', async () => {
    const token = await new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv').seal('s', P);
    const sealer = new RequestStateSecurity({ keys: [KEY_A], singleUse: new MemorySingleUseStore() }).forServer('srv');
    expect(await reasonOf(sealer.openOnce(token, P))).toBe('no_nonce');
  });

  test('without single use, openOnce is open: a replay within the TTL is accepted', async () => {
    const sealer = new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv');
    const token = await sealer.seal('s', P);
    await expect(sealer.openOnce(token, P)).resolves.toBe('s');
    await expect(sealer.openOnce(token, P)).resolves.toBe('s');
  });

  describe('a store that does not answer: the leg is refused (fail closed), as the server failure it is', () => {
    test('a store that fails', async () => {
      const down: SingleUseStore = {
        consume: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')),
      };
      const sealer = new RequestStateSecurity({ keys: [KEY_A], singleUse: down }).forServer('srv');
      const error = await sealer.openOnce(await sealer.seal('s', P), P).catch((e: unknown) => e);
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
      await expect(sealer.openOnce(await sealer.seal('s', P), P)).rejects.toThrow(
        'requestState single-use store unavailable: no answer within 50 ms; leg refused (fail closed)',
      );
      expect(Date.now() - started).toBeLessThan(2000);
      expect(DEFAULT_SINGLE_USE_TIMEOUT_MS).toBe(2000);
    });
  });

  test('MemorySingleUseStore: atomic within the process, forgets a nonce once its time is up', async () => {
    const clock = manualClock();
    const store = new MemorySingleUseStore(clock.now);
    const until = (ms: number) => ({ expiresAtMs: clock.now() + ms });
    expect(
      await Promise.all([
        store.consume('n1', until(1000)),
        store.consume('n1', until(1000)),
        store.consume('n2', until(1000)),
      ]),
    ).toEqual([true, false, true]);
    clock.advance(1001);
    expect(await store.consume('n1', until(1000))).toBe(true); // the token it stood for has expired by now
    for (let i = 0; i < 1100; i++) await store.consume(`bulk${i}`, until(10));
    clock.advance(11);
    for (let i = 0; i < 1024; i++) await store.consume(`later${i}`, until(1000));
    expect(store.size).toBeLessThan(1100 + 1024); // expired records were swept
  });

  test('bad settings are refused at construction, naming the field', async () => {
    expect(() => new RequestStateSecurity({ keys: [KEY_A], singleUse: {} as SingleUseStore })).toThrow(
      'RequestStateSecurity: singleUse must be a store with consume(nonce, { expiresAtMs }) => Promise<boolean>',
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
