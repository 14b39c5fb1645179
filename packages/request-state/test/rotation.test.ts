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

  it('[OLD, NEW] seals with OLD, so instances still on [OLD] open its tokens', async () => {
    expect(await before.open(await phase1.seal('s', CALL), CALL)).toBe('s');
  });

  it('[NEW, OLD] opens OLD tokens and seals with NEW, which [OLD, NEW] instances already open', async () => {
    expect(await phase2.open(await before.seal('s', CALL), CALL)).toBe('s');
    const fresh = await phase2.seal('s', CALL);
    expect(await phase1.open(fresh, CALL)).toBe('s');
    expect(await reasonOf(() => before.open(fresh, CALL))).toBe('unknown_key');
  });

  it('[NEW] refuses OLD tokens by key id', async () => {
    expect(await reasonOf(async () => phase3.open(await before.seal('s', CALL), CALL))).toBe('unknown_key');
    expect(await reasonOf(async () => phase3.open(await phase1.seal('s', CALL), CALL))).toBe('unknown_key');
    expect(await phase3.open(await phase2.seal('s', CALL), CALL)).toBe('s');
  });

  it('a flow in flight survives each phase change, re-sealed by whichever instance serves each round', async () => {
    // round 1 on an un-rotated instance, each retry lands on an instance one phase further
    let token = await before.seal({ round: 1 }, CALL);
    for (const [index, instance] of [phase1, phase2, phase3].entries()) {
      const state = (await instance.open(token, CALL)) as { round: number };
      expect(state.round).toBe(index + 1);
      token = await instance.seal({ round: state.round + 1 }, CALL);
    }
    expect(await phase3.open(token, CALL)).toEqual({ round: 4 });
  });

  it('within a phase, any two instances open each other’s tokens (mixed deployment)', async () => {
    for (const [a, b] of [
      [before, phase1],
      [phase1, phase2],
      [phase2, phase3],
    ] as const) {
      expect(await b.open(await a.seal('x', CALL), CALL)).toBe('x');
      expect(await a.open(await b.seal('y', CALL), CALL)).toBe('y');
    }
  });
});
