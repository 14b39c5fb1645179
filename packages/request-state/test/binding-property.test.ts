import { STATE_CARRYING_METHODS } from '@tessera/common';
import { RequestStateSecurity, type RequestBinding } from '@tessera/request-state';
import { KEY_A, reasonOf, seededRandom } from './helpers';

// FUZZ_SEED=n replays another seed; the seed is in each test's name, so a failure prints it.
const SEED = Number(process.env.FUZZ_SEED ?? 20260728);
const rnd = seededRandom(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const CHARS = ['a', 'b', 'Z', '0', ' ', '"', '\\', 'é', '漢', '😀', '\ud800', '\udfff', '\u0000'];
const text = (max = 6) => Array.from({ length: Math.floor(rnd() * max) }, () => pick(CHARS)).join('');

function value(depth: number): unknown {
  const kind = Math.floor(rnd() * (depth > 2 ? 4 : 6));
  if (kind === 0) return text();
  if (kind === 1) return Math.floor(rnd() * 2000) - 1000 + pick([0, 0.5, 1e-9]);
  if (kind === 2) return pick([true, false, null]);
  if (kind === 3) return '';
  if (kind === 4) return Array.from({ length: Math.floor(rnd() * 3) }, () => value(depth + 1));
  return record(depth + 1);
}

function record(depth = 0): Record<string, unknown> {
  return Object.fromEntries(Array.from({ length: Math.floor(rnd() * 4) }, () => [text(4), value(depth)]));
}

const sealer = new RequestStateSecurity({ keys: [KEY_A], maxTokenLength: 64 * 1024 }).forServer('srv');

describe(`binding properties over random requests (seed ${SEED})`, () => {
  it('2 000 random states and bindings round trip; changing any one part of the binding is refused', async () => {
    for (let i = 0; i < 2000; i++) {
      const binding: RequestBinding = {
        method: pick(STATE_CARRYING_METHODS),
        target: text(8),
        arguments: pick([undefined, null, record()]),
        principal: pick([undefined, null, text(8) || 'p']),
      };
      const state = value(0);
      const token = await sealer.seal(state, binding);
      expect(await sealer.open(token, binding)).toEqual(state);

      const otherMethod = STATE_CARRYING_METHODS[(STATE_CARRYING_METHODS.indexOf(binding.method) + 1) % 3]!;
      expect(await reasonOf(() => sealer.open(token, { ...binding, method: otherMethod }))).toBe('method_mismatch');
      expect(await reasonOf(() => sealer.open(token, { ...binding, target: binding.target + 'x' }))).toBe(
        'target_mismatch',
      );
      const args = { ...(binding.arguments ?? {}), [text(3) + '#extra']: value(2) ?? 0 };
      expect(await reasonOf(() => sealer.open(token, { ...binding, arguments: args }))).toBe('arguments_mismatch');
      const principal = binding.principal == null ? 'someone' : null;
      expect(await reasonOf(() => sealer.open(token, { ...binding, principal }))).toBe('principal_drift');
      if (binding.principal != null) {
        expect(await reasonOf(() => sealer.open(token, { ...binding, principal: binding.principal + '\u0000' }))).toBe(
          'principal_mismatch',
        );
      }
    }
  });
});
