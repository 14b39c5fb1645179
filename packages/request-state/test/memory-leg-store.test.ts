import { MemorySingleUseStore, type LegClaim } from '@tessera/request-state';

/** The store's side of idempotent legs, on a clock the test moves. */
describe('MemorySingleUseStore: idempotent legs', () => {
  let now = 1_000_000;
  const store = new MemorySingleUseStore(() => now);
  const claim = (nonce: string, key: string, owner: string): Promise<unknown> =>
    store.claimLeg(nonce, { key, owner, leaseMs: 1000, expiresAtMs: now + 60_000 } satisfies LegClaim);

  test('first claim runs; the same key under a live lease waits; a lapsed lease passes to the next claimer', async () => {
    expect(await claim('n1', 'k', 'o1')).toEqual({ status: 'run', rerun: false });
    expect(await claim('n1', 'k', 'o2')).toEqual({ status: 'running' });
    now += 900;
    expect(await store.renewLeg('n1', { owner: 'o1', leaseMs: 1000 })).toBe(true);
    now += 900;
    expect(await claim('n1', 'k', 'o2')).toEqual({ status: 'running' }); // renewed: still live
    now += 200;
    expect(await claim('n1', 'k', 'o2')).toEqual({ status: 'run', rerun: true });
    expect(await store.renewLeg('n1', { owner: 'o1', leaseMs: 1000 })).toBe(false); // o1 lost it
  });

  test('a finished leg answers its key; another key, no key, or a plain consume is a replay; the first answer wins', async () => {
    await claim('n2', 'k', 'o1');
    await store.finishLeg('n2', { key: 'k', owner: 'o1', answer: 'sealed-1' });
    await store.finishLeg('n2', { key: 'k', owner: 'o2', answer: 'sealed-2' });
    expect(await claim('n2', 'k', 'o3')).toEqual({ status: 'done', answer: 'sealed-1' });
    expect(await claim('n2', 'other', 'o3')).toEqual({ status: 'replayed' });
    expect(await store.consume('n2', { expiresAtMs: now + 60_000 })).toBe(false);
    expect(await store.consume('n3', { expiresAtMs: now + 60_000 })).toBe(true);
    expect(await claim('n3', 'k', 'o1')).toEqual({ status: 'replayed' });
  });

  test('release forgets a claimed leg (its handler never ran); a record is forgotten at its expiry', async () => {
    await claim('n4', 'k', 'o1');
    await store.release('n4');
    expect(await claim('n4', 'k', 'o2')).toEqual({ status: 'run', rerun: false });
    now += 61_000;
    expect(await claim('n4', 'k', 'o3')).toEqual({ status: 'run', rerun: false });
  });
});
