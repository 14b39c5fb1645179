import { Server } from '@modelcontextprotocol/server';
import { InputRequiredSeam } from '../../../src/accelerators/lane/direct/input-required-seam';
import { ToolCallAnswers } from '../../../src/accelerators/lane/direct/tool-call-answer';
import { DROP, pick, randomJson, randomText, set, WithToJson, type Next } from '../../support/random-json';
import { seededRandom } from '../../support/seeded-random';

/**
 * The direct path writes an input-required answer itself (input-required-json.ts): on seeded random results,
 * whatever it writes is what the SDK's encode and JSON.stringify write, byte for byte, and it writes the usual
 * ones (a first leg's questions and sealed state). The seed is printed so a failure can be replayed
 * (INPUT_REQUIRED_JSON_FUZZ_SEED).
 */
const SEED = Number(process.env.INPUT_REQUIRED_JSON_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = 5000;
const INFO = { name: 'fuzz', version: '1.0.0' };
const seam = new InputRequiredSeam(new Server(INFO, {}));
const answers = new ToolCallAnswers(INFO);
const KEYS = [
  'type',
  'properties',
  'enum',
  'method',
  'params',
  'message',
  'requestState',
  '_meta',
  'toJSON',
  '__proto__',
];

/** What the SDK's path sends: its codec's encoding, stringified in the JSON-RPC envelope. */
function sdkText(id: number | string, result: unknown): string {
  return JSON.stringify({ result: seam.encode('tools/call', result), jsonrpc: '2.0', id });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** Frozen on top only: its member is changed from case to case, so its JSON must not be kept. */
const OPEN = { type: 'string', title: 'open' };
/** Read by a getter of a deeply frozen schema (which answers anew from case to case: its JSON must not be kept). */
let caseNumber = 0;

/** The compiled schemas a flow's questions share (frozen, the same objects from case to case). */
const SCHEMAS = [
  deepFreeze({ type: 'object', properties: { region: { type: 'string', enum: ['eu', 'us'], title: 'Region' } } }),
  deepFreeze({ type: 'object', properties: { n: { type: 'number', minimum: -0, default: 1e21 } }, required: ['n'] }),
  Object.freeze({ type: 'object', properties: Object.freeze({ open: OPEN }) }),
  deepFreeze({
    type: 'object',
    properties: Object.defineProperty({}, 'x', {
      get: () => ({ type: 'string', title: `case ${caseNumber}` }),
      enumerable: true,
    }),
  }),
];

function randomValue(next: Next, depth = 0): unknown {
  return pick(next, [
    () => randomJson(next, KEYS),
    () => randomText(next, 2),
    () => pick(next, SCHEMAS),
    () => new WithToJson(),
    () => [undefined, () => 'f', Symbol('s'), NaN, -0, 1e21, pick(next, SCHEMAS)],
    () => ({ skipped: undefined, f: () => 1, s: Symbol('s'), kept: randomText(next, 2) }),
    () => Object.assign(Object.create(null), { plain: randomText(next, 2) }),
    () => new Date(0),
    () => new Map(),
    () => (next() < 0.5 ? 10n : { big: 10n }),
    () => (depth < 40 ? { deeper: randomValue(next, depth + 1) } : 'bottom'),
    () => Object.defineProperty({}, 'got', { get: () => 'from a getter', enumerable: true }),
    () => (key: string) => `toJSON for ${key}`,
  ])();
}

function randomQuestion(next: Next): unknown {
  const question: Record<string, unknown> = {
    method: 'elicitation/create',
    params: { mode: 'form', message: randomText(next, 2), requestedSchema: pick(next, SCHEMAS) },
  };
  if (next() < 0.3) set(question, pick(next, KEYS), randomValue(next));
  const params = question.params;
  if (next() < 0.2 && typeof params === 'object' && params !== null && !Object.isFrozen(params))
    set(params as Record<string, unknown>, pick(next, KEYS), randomValue(next));
  return question;
}

function randomInputRequests(next: Next): unknown {
  const r = next();
  if (r < 0.05) return pick(next, [[randomQuestion(next)], 'x', null, 5, new WithToJson(), () => ({})]);
  // the resolver's own: keyed by question without a prototype
  const requests: Record<string, unknown> = next() < 0.7 ? Object.create(null) : {};
  for (let n = 1 + Math.floor(next() * 3); n > 0; n--)
    set(requests, pick(next, ['region', 'sure', 'a "key"', 'é', '__proto__', 'toJSON']), randomQuestion(next));
  if (next() < 0.1) set(requests, 'extra', randomValue(next));
  return requests;
}

function randomToken(next: Next): unknown {
  const r = next();
  if (r < 0.8) return `v1.${'AbC-_09'.repeat(1 + Math.floor(next() * 40))}`;
  return r < 0.9 ? randomText(next, 2) : pick(next, [undefined, 5, null, { t: 1 }, DROP]);
}

function randomResult(next: Next): unknown {
  let result: Record<string, unknown> = {
    resultType: 'input_required',
    inputRequests: randomInputRequests(next),
    requestState: randomToken(next),
  };
  const mutations: Array<() => void> = [
    () => set(result, 'resultType', pick(next, ['complete', undefined, 5, DROP])),
    () => set(result, 'inputRequests', pick(next, [undefined, DROP])),
    () => set(result, '_meta', pick(next, [undefined, {}, { a: 1 }, 'x', { 'io.modelcontextprotocol/serverInfo': 1 }])),
    () => set(result, pick(next, ['extra', 'capabilities', 'tools', 'toJSON', '__proto__']), randomValue(next)),
    () => (result = Object.fromEntries(Object.entries(result).reverse())),
    () => (result = Object.assign(Object.create(null), result)),
    () => (result = Object.assign(new WithToJson(), result)),
  ];
  for (let n = next() < 0.4 ? 0 : Math.floor(next() * 3); n > 0; n--) pick(next, mutations)();
  return result;
}

/** The outcome of writing an answer: its text, or the error it failed with. */
function outcome(write: () => string): { text: string } | { thrown: string } {
  try {
    return { text: write() };
  } catch (error) {
    return { thrown: String(error) };
  }
}

it(`writes what the SDK's encode and JSON.stringify write, or leaves it to them, on random results (seed ${SEED}; INPUT_REQUIRED_JSON_FUZZ_SEED=${SEED} replays it)`, () => {
  const next = seededRandom(SEED);
  let written = 0;
  for (let i = 0; i < CASES; i++) {
    OPEN.title = `open ${i}`;
    caseNumber = i;
    const result = randomResult(next);
    const id = next() < 0.8 ? i : `call-${i}`;
    const ours = answers.inputRequired(id, result);
    if (ours === undefined) continue;
    written++;
    const expected = outcome(() => sdkText(id, result));
    if (!('text' in ours) || !('text' in expected) || ours.text !== expected.text)
      expect({ seed: SEED, case: i, result, ours }).toEqual({ seed: SEED, case: i, result, ours: expected });
  }
  expect(written).toBeGreaterThan(CASES / 5);
});

it("writes a first leg's answer, and leaves a toJSON anywhere on the way, or an inherited one, to JSON.stringify", () => {
  const requests = Object.create(null);
  requests.region = {
    method: 'elicitation/create',
    params: { mode: 'form', message: 'Where should "web1" run?', requestedSchema: SCHEMAS[0] },
  };
  const usual = { resultType: 'input_required', inputRequests: requests, requestState: 'v1.AbC-_' };
  for (let leg = 0; leg < 2; leg++) expect(answers.inputRequired(7, usual)).toEqual({ text: sdkText(7, usual) });
  expect(answers.inputRequired(7, { ...usual, requestState: 'v1."' })).toBeUndefined();
  expect(answers.inputRequired(7, { ...usual, inputRequests: { region: new WithToJson() } })).toBeUndefined();
  expect(answers.inputRequired(7, { ...usual, _meta: undefined })).toBeUndefined();
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  expect(answers.inputRequired(7, { ...usual, inputRequests: cyclic })).toBeUndefined();
  const proto = Object.prototype as { toJSON?: () => string };
  proto.toJSON = () => 'inherited';
  try {
    expect(answers.inputRequired(7, usual)).toBeUndefined();
  } finally {
    delete proto.toJSON;
  }
  expect(answers.inputRequired(7, usual)).toEqual({ text: sdkText(7, usual) });
});
