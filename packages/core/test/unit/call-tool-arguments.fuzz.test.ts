import { RELATED_TASK_META_KEY } from '@modelcontextprotocol/server';
import { callToolArguments, quickArguments } from '../../src/accelerators/lane/direct/call-tool-arguments';
import { checkSpecType } from '../../src/accelerators/lane/direct/sdk-schema-check';
import { DROP, pick, randomJson, set, type Next } from '../support/random-json';
import { seededRandom } from '../support/seeded-random';

/**
 * The direct path's reading of a `tools/call`'s arguments against the SDK's `CallToolRequest` schema, on
 * seeded random params: the same verdict, and the same arguments (the schema's output, `{}` for none).
 * The seed is printed so a failure can be replayed (ARGUMENTS_FUZZ_SEED).
 */
const SEED = Number(process.env.ARGUMENTS_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = 4000;
const KEYS = ['text', 'a', 'name', 'ttl', 'taskId', 'progressToken', '__proto__', '0'];

function randomParams(next: Next): Record<string, unknown> {
  const params: Record<string, unknown> = {
    name: 'echo',
    arguments: { text: 'x' },
    _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
  };
  const meta = params._meta as Record<string, unknown>;
  const mutations: Array<() => void> = [
    () => set(params, 'name', pick(next, ['echo', '', 5, null, DROP])),
    () => set(params, 'arguments', pick(next, [DROP, {}, [], null, 'x', { a: 1, b: [2] }])),
    () => set(params, 'arguments', randomJson(next, KEYS)),
    () =>
      set(params, 'task', pick(next, [DROP, {}, { ttl: 1000 }, { ttl: 'x' }, { ttl: 1.5 }, { other: 1 }, 'x', null])),
    () => set(params, '_meta', pick(next, [DROP, {}, null, 'x', []])),
    () => set(meta, 'progressToken', pick(next, ['p', 1, -0, 1.5, 2 ** 53, null, {}, DROP])),
    () => set(meta, RELATED_TASK_META_KEY, pick(next, [{ taskId: 't' }, { taskId: 1 }, {}, 'x', null, DROP])),
    () => set(params, pick(next, ['inputResponses', 'requestState', 'extra', '__proto__']), randomJson(next, KEYS)),
    () => set(meta, pick(next, KEYS), randomJson(next, KEYS)),
  ];
  for (let n = Math.floor(next() * 4); n > 0; n--) pick(next, mutations)();
  return JSON.parse(JSON.stringify(params)) as Record<string, unknown>;
}

/** What the SDK's schema hands the handler, as JSON (the arguments' own key order included), or its refusal. */
function sdkArguments(params: Record<string, unknown>): string {
  const checked = checkSpecType('CallToolRequest', { method: 'tools/call', params });
  if (!checked.ok) return 'refused';
  return JSON.stringify((checked.value as { params: { arguments?: unknown } }).params.arguments ?? {});
}

const asJson = (args: Record<string, unknown> | undefined) => (args ? JSON.stringify(args) : 'refused');

it(`reads the arguments the SDK's schema gives, on random params (seed ${SEED}; ARGUMENTS_FUZZ_SEED=${SEED} replays it)`, () => {
  const next = seededRandom(SEED);
  let quick = 0;
  for (let i = 0; i < CASES; i++) {
    const params = randomParams(next);
    const expected = sdkArguments(params);
    const read = quickArguments(params);
    if (read) quick++;
    const actual = { quick: read ? asJson(read) : expected, whole: asJson(callToolArguments(params)) };
    if (actual.quick !== expected || actual.whole !== expected)
      expect({ seed: SEED, case: i, params, ...actual }).toEqual({ seed: SEED, case: i, params, expected });
  }
  expect(quick).toBeGreaterThan(CASES / 5);
});

it('hands arguments with a __proto__ key to the schema, which drops it', () => {
  const params = JSON.parse('{"name":"echo","arguments":{"a":1,"__proto__":{"b":2}}}') as Record<string, unknown>;
  expect(quickArguments(params)).toBeUndefined();
  expect(callToolArguments(params)).toEqual({ a: 1 });
  expect(Object.keys(callToolArguments(params)!)).toEqual(['a']);
});
