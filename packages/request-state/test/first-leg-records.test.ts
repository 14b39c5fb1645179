import { randomBytes } from 'node:crypto';
import {
  IdempotencyKeyReusedError,
  MemorySingleUseStore,
  RequestStateErrorCode,
  RequestStateSecurity,
  type LegClaim,
  type SingleUseStore,
} from '@tessera/request-state';

const KEY = 'call-key-aaaaaaaaaaaaaaaa';
const call = (args: Record<string, unknown>, principal: string | null = 'ann', target = 'charge') => ({
  method: 'tools/call' as const,
  target,
  arguments: args,
  principal,
});

/** A first leg's record in a memory store, through the sealer, on a clock the test moves. */
describe('claimFirstLeg: records of calls that carry no state', () => {
  let now = 1_000_000_000;
  const clock = () => now;

  function sealer(store: SingleUseStore = new MemorySingleUseStore(clock), audience = 'srv') {
    return new RequestStateSecurity({
      keys: [randomBytes(32)],
      singleUse: store,
      idempotentLegs: { firstLegWindowMs: 60_000, waitMs: 50 },
      clock,
    }).forServer(audience);
  }

  test('the first claim runs; once finished, the same call gets its answer (sealed at rest) without running', async () => {
    const claims: Array<{ nonce: string; claim: LegClaim }> = [];
    const memory = new MemorySingleUseStore(clock);
    const store: SingleUseStore = {
      consume: (n, u) => memory.consume(n, u),
      release: (n) => memory.release(n),
      claimLeg: (nonce, claim) => (claims.push({ nonce, claim }), memory.claimLeg(nonce, claim)),
      renewLeg: (n, r) => memory.renewLeg(n, r),
      finishLeg: (n, f) => memory.finishLeg(n, f),
    };
    const s = sealer(store);
    const first = await s.claimFirstLeg(call({ amount: 5 }), KEY);
    expect(first && 'run' in first && first.run.rerun).toBe(false);
    await (first as { run: { finish(a: unknown): Promise<void> } }).run.finish({ result: { secret: 'card 4242' } });
    expect(await s.claimFirstLeg(call({ amount: 5 }), KEY)).toEqual({ recorded: { result: { secret: 'card 4242' } } });
    // the record is named by a hash (no principal, tool or key in it) and kept for the window from now
    expect(claims[0].nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(claims[0].nonce).not.toContain('ann');
    expect(claims[0].claim.expiresAtMs).toBe(now + 60_000);
    expect(claims[0].claim.key.startsWith(`${KEY}.`)).toBe(true);
  });

  test('the same key with other arguments is IdempotencyKeyReusedError naming the key', async () => {
    const s = sealer();
    await s.claimFirstLeg(call({ amount: 5 }), KEY);
    const reused = await s.claimFirstLeg(call({ amount: 6 }), KEY).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(IdempotencyKeyReusedError);
    expect((reused as IdempotencyKeyReusedError).code).toBe(RequestStateErrorCode.IdempotencyKeyReused);
    expect((reused as IdempotencyKeyReusedError).idempotencyKey).toBe(KEY);
    expect((reused as Error).message).toContain(KEY);
  });

  test('another principal, tool, no principal, or audience is another record; a record goes after the window', async () => {
    const store = new MemorySingleUseStore(clock);
    const s = sealer(store);
    const runs = async (c: ReturnType<typeof call>, on = s) => {
      const claimed = await on.claimFirstLeg(c, KEY);
      return claimed !== undefined && 'run' in claimed;
    };
    expect(await runs(call({ amount: 5 }))).toBe(true);
    expect(await runs(call({ amount: 5 }, 'bob'))).toBe(true);
    expect(await runs(call({ amount: 5 }, null))).toBe(true);
    expect(await runs(call({ amount: 5 }, 'ann', 'refund'))).toBe(true);
    expect(await runs(call({ amount: 5 }), sealer(store, 'other-srv'))).toBe(true);
    // ann's charge again: still running (its lease is live), so the claim waits, then says so
    await expect(runs(call({ amount: 5 }))).rejects.toThrow('the leg is still running');
    now += 60_001;
    expect(await runs(call({ amount: 5 }))).toBe(true);
  });

  test('release forgets a run whose handler never ran: the next claim runs at once', async () => {
    const s = sealer();
    const first = await s.claimFirstLeg(call({ amount: 5 }), KEY);
    await (first as { run: { release(): Promise<void> } }).run.release();
    const again = await s.claimFirstLeg(call({ amount: 5 }), KEY);
    expect(again !== undefined && 'run' in again && !again.run.rerun).toBe(true);
  });

  test('idempotent legs off, or no store: nothing is claimed', async () => {
    const off = new RequestStateSecurity({
      keys: [randomBytes(32)],
      singleUse: new MemorySingleUseStore(),
      idempotentLegs: false,
    }).forServer('srv');
    expect(await off.claimFirstLeg(call({}), KEY)).toBeUndefined();
    expect(
      await new RequestStateSecurity({ keys: [randomBytes(32)] }).forServer('srv').claimFirstLeg(call({}), KEY),
    ).toBeUndefined();
  });
});
