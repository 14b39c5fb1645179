import { RequestStateSecurity } from '@tessera/request-state';
import { CALL, reasonOf } from './helpers';

const OLD = 'old-key-'.padEnd(40, 'o');
const NEW = 'new-key-'.padEnd(40, 'n');
const sealerFor = (keys: string[]) => new RequestStateSecurity({ keys, audience: 'fleet' }).forServer(undefined);

describe('key rotation in three phases', () => {
  const before = sealerFor([OLD]);
  const phase1 = sealerFor([OLD, NEW]); // every instance learns NEW; OLD still seals
  const phase2 = sealerFor([NEW, OLD]); // NEW seals; OLD tokens in flight still open
  const phase3 = sealerFor([NEW]); // one ttl later, OLD is gone

  it('[OLD, NEW] seals with OLD, so instances still on [OLD] open its tokens', () => {
    expect(before.open(phase1.seal('s', CALL), CALL)).toBe('s');
  });

  it('[NEW, OLD] opens OLD tokens and seals with NEW, which [OLD, NEW] instances already open', () => {
    expect(phase2.open(before.seal('s', CALL), CALL)).toBe('s');
    const fresh = phase2.seal('s', CALL);
    expect(phase1.open(fresh, CALL)).toBe('s');
    expect(reasonOf(() => before.open(fresh, CALL))).toBe('unknown_key');
  });

  it('[NEW] refuses OLD tokens by key id', () => {
    expect(reasonOf(() => phase3.open(before.seal('s', CALL), CALL))).toBe('unknown_key');
    expect(reasonOf(() => phase3.open(phase1.seal('s', CALL), CALL))).toBe('unknown_key');
    expect(phase3.open(phase2.seal('s', CALL), CALL)).toBe('s');
  });

  it('a flow in flight survives each phase change, re-sealed by whichever instance serves each round', () => {
    // round 1 on an un-rotated instance, each retry lands on an instance one phase further
    let token = before.seal({ round: 1 }, CALL);
    for (const [index, instance] of [phase1, phase2, phase3].entries()) {
      const state = instance.open(token, CALL) as { round: number };
      expect(state.round).toBe(index + 1);
      token = instance.seal({ round: state.round + 1 }, CALL);
    }
    expect(phase3.open(token, CALL)).toEqual({ round: 4 });
  });

  it('within a phase, any two instances open each other’s tokens (mixed deployment)', () => {
    for (const [a, b] of [
      [before, phase1],
      [phase1, phase2],
      [phase2, phase3],
    ] as const) {
      expect(b.open(a.seal('x', CALL), CALL)).toBe('x');
      expect(a.open(b.seal('y', CALL), CALL)).toBe('y');
    }
  });
});
