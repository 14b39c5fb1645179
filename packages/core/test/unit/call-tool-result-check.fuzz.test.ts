import type { CallToolResult } from '@modelcontextprotocol/server';
import { checkCallToolResult, isCanonicalTextResult } from '../../src/accelerators/lane/direct/call-tool-result-check';
import { checkSpecType } from '../../src/accelerators/lane/direct/sdk-schema-check';
import { DROP, pick, randomJson, set, type Next } from '../support/random-json';
import { seededRandom } from '../support/seeded-random';

/**
 * The direct path's check of a tool's result against the SDK's `CallToolResult` schema, on seeded random
 * results: the same verdict, the same message, and the same JSON of the output (the bytes the answer is
 * made of). The seed is printed so a failure can be replayed (RESULT_FUZZ_SEED).
 */
const SEED = Number(process.env.RESULT_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = 4000;
const KEYS = ['type', 'text', 'content', 'isError', 'structuredContent', '_meta', 'annotations', 'a', '__proto__'];

class Block {
  type = 'text';
  text = 'from a class';
  toJSON() {
    return { type: 'text', text: 'written by toJSON' };
  }
}

function randomBlock(next: Next): unknown {
  const block: Record<string, unknown> = { type: 'text', text: 'hi' };
  const mutations: Array<() => void> = [
    () => set(block, 'text', pick(next, ['', 'x', 5, null, DROP])),
    () => set(block, 'type', pick(next, ['text', 'image', 'resource_link', 5, DROP])),
    () => set(block, pick(next, ['annotations', '_meta', 'extra', '__proto__']), randomJson(next, KEYS)),
  ];
  for (let n = Math.floor(next() * 3); n > 0; n--) pick(next, mutations)();
  if (next() < 0.1) return { text: block.text, type: block.type };
  return next() < 0.03 ? new Block() : block;
}

function randomResult(next: Next): CallToolResult {
  const content = Array.from({ length: Math.floor(next() * 3) }, () => randomBlock(next));
  let result: Record<string, unknown> = { content };
  const mutations: Array<() => void> = [
    () => set(result, 'content', pick(next, [DROP, [], null, 'x', {}])),
    () => set(result, 'structuredContent', next() < 0.2 ? DROP : randomJson(next, KEYS)),
    () => set(result, 'isError', pick(next, [true, false, 'yes', null, DROP])),
    () => set(result, pick(next, ['_meta', 'resultType', 'extra', '__proto__']), randomJson(next, KEYS)),
    () => (result = Object.fromEntries(Object.entries(result).reverse())),
  ];
  for (let n = Math.floor(next() * 4); n > 0; n--) pick(next, mutations)();
  return result as CallToolResult;
}

const asJson = (check: ReturnType<typeof checkSpecType>) =>
  check.ok ? { ok: true, json: JSON.stringify(check.value) } : check;

it(`checks results as the SDK's schema does, on random results (seed ${SEED}; RESULT_FUZZ_SEED=${SEED} replays it)`, () => {
  const next = seededRandom(SEED);
  let quick = 0;
  for (let i = 0; i < CASES; i++) {
    const result = randomResult(next);
    if (isCanonicalTextResult(result)) quick++;
    const expected = asJson(checkSpecType('CallToolResult', result));
    const actual = asJson(checkCallToolResult(result));
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      expect({ seed: SEED, case: i, result, actual }).toEqual({ seed: SEED, case: i, result, actual: expected });
  }
  expect(quick).toBeGreaterThan(CASES / 10);
});

it('takes the usual result as it is, and leaves a reordered one, a class instance or a block with more to the schema', () => {
  const usual: CallToolResult = {
    content: [{ type: 'text', text: 'hi' }],
    structuredContent: { a: 1 },
    isError: false,
  };
  expect(checkCallToolResult(usual)).toEqual({ ok: true, value: usual });
  expect(isCanonicalTextResult({ isError: false, content: [] })).toBe(false);
  expect(isCanonicalTextResult({ content: [new Block()] })).toBe(false);
  expect(isCanonicalTextResult({ content: [{ type: 'text', text: 'hi', annotations: {} }] })).toBe(false);
  expect(isCanonicalTextResult({ content: [{ text: 'hi', type: 'text' }] })).toBe(false);
});
