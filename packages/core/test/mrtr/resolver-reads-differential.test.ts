import { askedOnly } from '../../src/mrtr/kinds/form-elicitation.kind';
import { readResolverState, type RecordedOutcome, type ResolverState } from '../../src/mrtr/resolver-state';
import { pick, randomJson } from '../support/random-json';
import { seededRandom } from '../support/seeded-random';

// The resolver's per-leg reads, written key by key, against their former writing through entry arrays, on
// random JSON (own "__proto__" keys included, as JSON.parse makes them): the same keys, values, order and
// prototypes. FUZZ_SEED=n replays a seed.
const SEED = Number(process.env.FUZZ_SEED ?? 0x5e771e);
const KEYS = ['a', 'city', 'q', 'action', 'data', 'v', 'outcomes', 'asked', 'accept', '__proto__'];

function formerAskedOnly(content: unknown, schema: { properties: Record<string, unknown> }): unknown {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return content;
  return Object.fromEntries(Object.entries(content).filter(([key]) => Object.hasOwn(schema.properties, key)));
}

function formerReadResolverState(raw: unknown): ResolverState {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  // "no progress" is keyed by question keys too, so it has no prototype either (a key may be named toString)
  const empty: ResolverState = { v: 1, outcomes: Object.create(null), asked: Object.create(null) };
  if (!isObject(raw) || raw.v !== 1 || !isObject(raw.outcomes) || !isObject(raw.asked)) return empty;
  const outcomes: Record<string, RecordedOutcome> = Object.create(null);
  for (const [key, o] of Object.entries(raw.outcomes)) {
    if (
      isObject(o) &&
      typeof o.q === 'string' &&
      ['accept', 'decline', 'cancel', 'result'].includes(o.action as string)
    )
      outcomes[key] = { q: o.q, action: o.action as RecordedOutcome['action'], data: o.data };
  }
  const asked: Record<string, string> = Object.create(null);
  for (const [key, q] of Object.entries(raw.asked)) if (typeof q === 'string') asked[key] = q;
  return { v: 1, outcomes, asked };
}

/** Keys in order, each value, and the prototype, all the way down. */
function shape(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(shape);
  const proto = Object.getPrototypeOf(value) === null ? 'null' : 'object';
  return [proto, Object.getOwnPropertyNames(value).map((key) => [key, shape((value as Record<string, unknown>)[key])])];
}

/** Random JSON as a client or a hand-made state would send it: parsed, so "__proto__" is an own key. */
const parsedJson = (next: () => number) => JSON.parse(JSON.stringify(randomJson(next, KEYS)) ?? 'null') as unknown;

describe(`the resolver's reads against their former writing (seed ${SEED})`, () => {
  it('askedOnly keeps the same asked keys, values and order (2 000 cases)', () => {
    const next = seededRandom(SEED);
    for (let i = 0; i < 2000; i++) {
      const properties = Object.fromEntries(KEYS.filter(() => next() < 0.5).map((key) => [key, { type: 'string' }]));
      const content = parsedJson(next);
      expect(shape(askedOnly(content, { type: 'object', properties } as never))).toEqual(
        shape(formerAskedOnly(content, { properties })),
      );
    }
  });

  it('readResolverState reads the same progress (2 000 cases, half of them well-formed at the top)', () => {
    const next = seededRandom(SEED + 1);
    const action = () => pick(next, ['accept', 'decline', 'cancel', 'result', 'maybe', 5, null]);
    for (let i = 0; i < 2000; i++) {
      const raw =
        next() < 0.5
          ? parsedJson(next)
          : JSON.parse(
              JSON.stringify({
                v: next() < 0.9 ? 1 : 2,
                outcomes: Object.fromEntries(
                  KEYS.filter(() => next() < 0.4).map((key) => [
                    key,
                    next() < 0.8 ? { q: next() < 0.9 ? 'd' + i : 3, action: action(), data: randomJson(next) } : 'x',
                  ]),
                ),
                asked: Object.fromEntries(KEYS.filter(() => next() < 0.4).map((key) => [key, next() < 0.8 ? 'd' : 1])),
              }),
            );
      expect(shape(readResolverState(raw))).toEqual(shape(formerReadResolverState(raw)));
    }
  });
});
