import { textResultJson } from '../../../src/accelerators/lane/direct/text-result-json';
import { DROP, pick, randomJson, randomText, set, WithToJson, type Next } from '../../support/random-json';
import { seededRandom } from '../../support/seeded-random';

/**
 * The direct path writes the usual tool result's JSON itself (text-result-json.ts): on seeded random results,
 * whatever it writes is what JSON.stringify writes, byte for byte, and it writes the usual ones. The seed is
 * printed so a failure can be replayed (TEXT_JSON_FUZZ_SEED).
 */
const SEED = Number(process.env.TEXT_JSON_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = 5000;
const KEYS = ['type', 'text', 'content', 'isError', 'structuredContent', '_meta', 'a', '__proto__', 'toJSON'];

function randomBlock(next: Next): unknown {
  const block: Record<string, unknown> = { type: 'text', text: randomText(next) };
  const mutations: Array<() => void> = [
    () => set(block, 'text', pick(next, ['x', 5, null, undefined, DROP])),
    () => set(block, 'type', pick(next, ['text', 'image', 5, undefined, DROP])),
    () => set(block, pick(next, ['annotations', 'toJSON', '__proto__']), randomJson(next, KEYS)),
    () => Object.defineProperty(block, 'text', { get: () => 'from a getter', enumerable: true }),
  ];
  for (let n = next() < 0.6 ? 0 : Math.floor(next() * 3); n > 0; n--) pick(next, mutations)();
  if (next() < 0.05) return { text: block.text, type: block.type };
  if (next() < 0.03) return Object.assign(new WithToJson(), block);
  return block;
}

function randomContent(next: Next): unknown {
  const content = Array.from({ length: Math.floor(next() * 4) }, () => randomBlock(next));
  const r = next();
  if (r < 0.03) Object.defineProperty(content, 'toJSON', { value: () => 'own toJSON' });
  else if (r < 0.05) return Object.assign(Object.create({ toJSON: () => 'inherited' }), content);
  else if (r < 0.07) delete content[0]; // a hole
  return content;
}

function randomStructured(next: Next): unknown {
  return pick(next, [
    () => randomJson(next, KEYS),
    () => new WithToJson(),
    () => new Date(0),
    () => undefined,
    () => () => 'a function',
    () => Symbol('s'),
    () => 1e21,
    () => -0,
    () => NaN,
  ])();
}

function randomResult(next: Next): unknown {
  let result: Record<string, unknown> = { content: randomContent(next) };
  const mutations: Array<() => void> = [
    () => set(result, 'content', pick(next, [DROP, [], null, 'x', {}, undefined])),
    () => set(result, 'structuredContent', randomStructured(next)),
    () => set(result, 'isError', pick(next, [true, false, 'yes', null, undefined, DROP])),
    () => set(result, pick(next, ['_meta', 'resultType', 'extra', '__proto__', 'toJSON']), randomJson(next, KEYS)),
    () => (result = Object.fromEntries(Object.entries(result).reverse())),
    () => (result = Object.assign(Object.create(null), result)),
  ];
  for (let n = Math.floor(next() * 4); n > 0; n--) pick(next, mutations)();
  return result;
}

it(`writes what JSON.stringify writes, or leaves it to it, on random results (seed ${SEED}; TEXT_JSON_FUZZ_SEED=${SEED} replays it)`, () => {
  const next = seededRandom(SEED);
  let written = 0;
  for (let i = 0; i < CASES; i++) {
    const result = randomResult(next);
    const json = textResultJson(result);
    if (json === undefined) continue;
    written++;
    const expected = JSON.stringify(result);
    if (json !== expected)
      expect({ seed: SEED, case: i, result, json }).toEqual({ seed: SEED, case: i, result, json: expected });
  }
  expect(written).toBeGreaterThan(CASES / 5);
});

it('writes the usual result, and leaves a toJSON anywhere on the way to JSON.stringify', () => {
  const usual = {
    content: [{ type: 'text', text: 'hi "there"\n' }],
    structuredContent: { a: [1, 'b'] },
    isError: false,
  };
  expect(textResultJson(usual)).toBe(JSON.stringify(usual));
  expect(textResultJson({ content: [], isError: undefined })).toBe('{"content":[]}');
  expect(textResultJson({ content: [new WithToJson()] })).toBeUndefined();
  expect(textResultJson({ content: [], structuredContent: new WithToJson() })).toBeUndefined();
  expect(textResultJson({ content: [{ text: 'hi', type: 'text' }] })).toBeUndefined();
  expect(textResultJson({ content: [{ type: 'image', text: 'hi' }] })).toBeUndefined();
  expect(textResultJson({ content: [], _meta: {} })).toBeUndefined();
});
