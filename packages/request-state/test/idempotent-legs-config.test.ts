import { MemorySingleUseStore, RequestStateSecurity, type SingleUseStore } from '@tessera/request-state';

const keys = ['k'.repeat(32)];
const plain: SingleUseStore = { consume: async () => true };

describe('RequestStateSecurity({ idempotentLegs }) is checked at construction', () => {
  test('on by default with a store that records legs, off with false or with a store that cannot', () => {
    const legsOf = (s: RequestStateSecurity) => s.forServer('srv').idempotentLegs;
    expect(legsOf(new RequestStateSecurity({ keys, singleUse: new MemorySingleUseStore() }))).toBe(true);
    expect(
      legsOf(new RequestStateSecurity({ keys, singleUse: new MemorySingleUseStore(), idempotentLegs: false })),
    ).toBe(false);
    expect(legsOf(new RequestStateSecurity({ keys, singleUse: plain }))).toBe(false);
    expect(legsOf(new RequestStateSecurity({ keys }))).toBe(false);
  });

  test.each([
    [{ idempotentLegs: { leaseMs: 1000 } }, 'idempotentLegs is set but singleUse (the store) is not'],
    [
      { singleUse: plain, idempotentLegs: {} },
      'idempotentLegs needs a singleUse store with claimLeg, renewLeg and finishLeg',
    ],
    [
      { singleUse: new MemorySingleUseStore(), idempotentLegs: { leaseMs: 0 } },
      'idempotentLegs.leaseMs must be a positive number of milliseconds, got 0',
    ],
    [
      { singleUse: new MemorySingleUseStore(), idempotentLegs: { waitMs: -1 } },
      'idempotentLegs.waitMs must be a positive number of milliseconds, got -1',
    ],
    [
      { singleUse: new MemorySingleUseStore(), idempotentLegs: { firstLegWindowMs: 0 } },
      'idempotentLegs.firstLegWindowMs must be a positive number of milliseconds, got 0',
    ],
    [
      { singleUse: new MemorySingleUseStore(), idempotentLegs: true },
      'idempotentLegs must be false or { leaseMs?, waitMs?, firstLegWindowMs? }, got true',
    ],
  ])('%j is refused', (options, message) => {
    expect(() => new RequestStateSecurity({ keys, ...(options as object) })).toThrow(message);
  });
});
