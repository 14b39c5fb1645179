import {
  CLIENT_CAPABILITIES_META_KEY as CAPS,
  CLIENT_INFO_META_KEY as INFO,
  LOG_LEVEL_META_KEY as LOG,
  PROTOCOL_VERSION_META_KEY as VERSION,
  RELATED_TASK_META_KEY as TASK,
  classifyInboundRequest,
  type InboundHttpRequest,
} from '@modelcontextprotocol/server';
import {
  classifyInbound,
  quickClassifierAgrees,
  quickModernRoute,
  sameOutcome,
} from '../../src/accelerators/lane/direct/classify-inbound';
import { seededRandom } from '../support/seeded-random';
import { DROP, pick, randomJson, set, type Next } from '../support/random-json';

/**
 * The lane's quick classifier against the SDK's `classifyInboundRequest`, on seeded random requests: plain
 * calls mutated at random (the body's every level, the envelope, the headers, the HTTP method), random JSON
 * grafted anywhere, and whole bodies of other kinds. Every outcome must be the SDK's (route or rejection,
 * its code, message and data, the very message given). The seed is printed so a failure can be replayed
 * (CLASSIFY_FUZZ_SEED).
 */
const SEED = Number(process.env.CLASSIFY_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = 6000;

const CLIENT_INFOS: unknown[] = [
  DROP,
  { name: 'c', version: '1' },
  { name: 'c', version: '1', title: 't', websiteUrl: 'w', description: 'd', extra: 5 },
  { name: 'c' },
  { name: 5, version: '1' },
  { name: 'c', version: '1', title: 7 },
  { name: 'c', version: '1', icons: [] },
  { name: 'c', version: '1', icons: [{ src: 'x' }] },
  { name: 'c', version: '1', icons: [{ src: 1 }] },
  'client',
  null,
  [],
];
const CAPABILITIES: unknown[] = [
  {},
  {},
  DROP,
  null,
  [],
  'none',
  { sampling: {} },
  { sampling: { context: {} } },
  { sampling: { context: 1 } },
  { sampling: 'yes' },
  { elicitation: {} },
  { elicitation: { form: {} } },
  { elicitation: { form: { applyDefaults: true } } },
  { elicitation: { form: { applyDefaults: 'x' } } },
  { elicitation: { url: {} } },
  { elicitation: { form: {}, url: {} } },
  { elicitation: { url: {}, form: {} } },
  { elicitation: { form: {}, url: 1 } },
  { elicitation: { form: {}, url: [] } },
  { elicitation: { form: {}, other: {} } },
  { elicitation: { form: { a: 1 } } },
  { elicitation: { url: { a: {} } } },
  { elicitation: { form: null } },
  { elicitation: { form: [] } },
  { elicitation: { form: 'yes' } },
  { elicitation: JSON.parse('{"form":{},"__proto__":{}}') as unknown },
  { elicitation: { form: JSON.parse('{"__proto__":{}}') as unknown } },
  { elicitation: [] },
  { roots: {} },
  { roots: { listChanged: true } },
  { roots: { listChanged: 'x' } },
  { roots: 1 },
  { experimental: {} },
  { experimental: { a: {} } },
  { experimental: { a: 1 } },
  { extensions: { 'x/y': {} } },
  { extensions: { 'x/y': 1 } },
  { extensions: 'all' },
  { extensions: {} },
  { extensions: null },
  { extensions: [] },
  { extensions: { 'io.modelcontextprotocol/tasks': {} } },
  { extensions: { 'io.modelcontextprotocol/tasks': {}, 'x/y': {} } },
  { extensions: { 'x/y': { a: 1 } } },
  { extensions: { 'x/y': { a: [null, { b: 'c' }] } } },
  { extensions: { 'x/y': [] } },
  { extensions: { 'x/y': null } },
  { extensions: { 'x/y': {}, 'x/z': 'on' } },
  { extensions: JSON.parse('{"__proto__":{}}') as unknown },
  { extensions: { 'x/y': JSON.parse('{"__proto__":{}}') as unknown } },
  { elicitation: { form: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } },
  { elicitation: { form: {} }, extensions: { 'io.modelcontextprotocol/tasks': { a: 1 } } },
  { tasks: 'anything' },
  { sampling: {}, elicitation: {}, roots: { listChanged: false }, tasks: {} },
];
const VERSIONS: unknown[] = ['2026-07-28', '2026-07-28', '2025-11-25', '2099-01-01', '', 5, null, DROP];
const IDS: unknown[] = [1, 'r1', 0, -0, -3, 1.5, 2 ** 53, null, {}, [], true, DROP];
const METHODS: unknown[] = ['tools/call', 'tools/call', 'initialize', 'ping', 'tools/list', '', 5, null, DROP];
const HEADER_VERSIONS = [
  '2026-07-28',
  '2026-07-28',
  ' 2026-07-28',
  '2026-07-28\t',
  '2025-11-25',
  '2099-01-01',
  '',
  undefined,
];
const HEADER_METHODS = ['tools/call', 'tools/call', ' tools/call', 'tools/list', 'initialize', '', undefined];
const HEADER_NAMES = ['echo', 'echo', ' echo ', 'other', '=?base64?ZWNobw==?=', '', undefined];

/** A plain 2026-07-28 tools/call, then a few random mutations. */
function mutatedRequest(next: Next): InboundHttpRequest {
  const meta: Record<string, unknown> = { [VERSION]: '2026-07-28', [INFO]: { name: 'c', version: '1' }, [CAPS]: {} };
  const params: Record<string, unknown> = { name: 'echo', arguments: { text: 'x' }, _meta: meta };
  const body: Record<string, unknown> = { jsonrpc: '2.0', id: 1, method: 'tools/call', params };
  const request = {
    httpMethod: 'POST',
    protocolVersionHeader: '2026-07-28' as string | undefined,
    mcpMethodHeader: 'tools/call' as string | undefined,
    mcpNameHeader: 'echo' as string | undefined,
    body: body as unknown,
  };
  const mutations: Array<() => void> = [
    () => set(meta, VERSION, pick(next, VERSIONS)),
    () => set(meta, INFO, pick(next, CLIENT_INFOS)),
    () => set(meta, CAPS, pick(next, CAPABILITIES)),
    () => set(meta, 'progressToken', pick(next, ['p', 1, -0, 1.5, 2 ** 53, null, {}, true])),
    () => set(meta, TASK, pick(next, [{ taskId: 't' }, { taskId: 1 }, 'x'])),
    () => set(meta, LOG, pick(next, ['info', 'emergency', 'debug', 'loud', 'toString', 3, null])),
    () => set(meta, pick(next, ['example.com/x', '__proto__', 'io.modelcontextprotocol/other']), randomJson(next)),
    () => set(params, '_meta', pick(next, [DROP, null, 'meta', [], {}])),
    () => set(params, pick(next, ['name', 'arguments', 'requestState', 'extra', '__proto__']), randomJson(next)),
    () => set(body, 'params', pick(next, [DROP, null, 'params', [], {}])),
    () => set(body, 'id', pick(next, IDS)),
    () => set(body, 'method', pick(next, METHODS)),
    () => set(body, 'jsonrpc', pick(next, ['2.0', '1.0', 2, DROP])),
    () => set(body, pick(next, ['result', 'error', 'extra', '__proto__']), randomJson(next)),
    () => (request.protocolVersionHeader = pick(next, HEADER_VERSIONS)),
    () => (request.mcpMethodHeader = pick(next, HEADER_METHODS)),
    () => (request.mcpNameHeader = pick(next, HEADER_NAMES)),
    () => (request.httpMethod = pick(next, ['POST', 'post', 'GET', 'DELETE'])),
    () => graft(next, body),
  ];
  for (let n = Math.floor(next() * 4); n > 0; n--) pick(next, mutations)();
  // JSON as the lane parses it (a `__proto__` key becomes an own key, as JSON.parse makes it)
  request.body = JSON.parse(JSON.stringify(request.body));
  return request;
}

/** Random JSON put at a random place of the body. */
function graft(next: Next, body: Record<string, unknown>) {
  let at: Record<string, unknown> = body;
  for (;;) {
    const keys = Object.keys(at);
    const key = keys.length > 0 ? pick(next, keys) : 'k';
    const below = at[key];
    if (next() < 0.5 && typeof below === 'object' && below !== null && !Array.isArray(below))
      at = below as Record<string, unknown>;
    else return set(at, key, randomJson(next));
  }
}

/** A body of another kind entirely: a batch, a response, a notification, a scalar. */
function otherBody(next: Next): InboundHttpRequest {
  const meta = { [VERSION]: '2026-07-28', [CAPS]: {} };
  const body = pick(next, [
    [],
    [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
    [{ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: meta } }],
    { jsonrpc: '2.0', id: 1, result: {} },
    { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } },
    { jsonrpc: '2.0', method: 'notifications/x', params: { _meta: meta } },
    { jsonrpc: '2.0', method: 'notifications/x' },
    null,
    'text',
    7,
    randomJson(next),
  ]);
  return {
    httpMethod: 'POST',
    body: JSON.parse(JSON.stringify(body)),
    protocolVersionHeader: pick(next, HEADER_VERSIONS),
    mcpMethodHeader: pick(next, HEADER_METHODS),
  };
}

it(`gives the SDK's outcome on random requests (seed ${SEED}; CLASSIFY_FUZZ_SEED=${SEED} replays it)`, () => {
  const next = seededRandom(SEED);
  let quick = 0;
  let modern = 0;
  for (let i = 0; i < CASES; i++) {
    const request = i % 10 === 9 ? otherBody(next) : mutatedRequest(next);
    const expected = classifyInboundRequest(request);
    const route = quickModernRoute(request);
    if (route) quick++;
    if (expected.kind === 'modern' && expected.messageKind === 'request') modern++;
    const agrees = sameOutcome(classifyInbound(request), expected) && (!route || sameOutcome(route, expected));
    if (!agrees) expect({ seed: SEED, case: i, request, quick: route }).toEqual({ expected });
  }
  // the quick path answered a good share itself, and most of the SDK's modern requests
  expect(quick).toBeGreaterThan(CASES / 10);
  expect(quick).toBeGreaterThan(modern / 2);
});

it('answers the plainest call itself, and hands a header to trim, an initialize or a rich envelope to the SDK', () => {
  const meta = { [VERSION]: '2026-07-28', [CAPS]: {} };
  const call = (body: object, headers: Partial<InboundHttpRequest> = {}): InboundHttpRequest => ({
    httpMethod: 'POST',
    body,
    protocolVersionHeader: '2026-07-28',
    mcpMethodHeader: 'tools/call',
    ...headers,
  });
  const plain = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', _meta: meta } };
  expect(quickModernRoute(call(plain))).toEqual({
    kind: 'modern',
    messageKind: 'request',
    message: plain,
    classification: { era: 'modern', revision: '2026-07-28' },
  });
  expect(quickModernRoute(call(plain, { protocolVersionHeader: ' 2026-07-28' }))).toBeUndefined();
  expect(quickModernRoute(call({ ...plain, method: 'initialize' }, { mcpMethodHeader: 'initialize' }))).toBeUndefined();
  // a client with an elicitation callback declares empty form (and url) on every leg: read off the body too
  for (const elicitation of [{ form: {} }, { form: {}, url: {} }]) {
    const declared = { ...plain, params: { _meta: { ...meta, [CAPS]: { elicitation } } } };
    expect(quickModernRoute(call(declared))).toEqual(classifyInboundRequest(call(declared)));
  }
  // Tessera's client declares the Tasks extension on every tool call, an empty object: read off the body too
  const tasks = { elicitation: { form: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } };
  const withTasks = { ...plain, params: { _meta: { ...meta, [CAPS]: tasks } } };
  expect(quickModernRoute(call(withTasks))).toEqual(classifyInboundRequest(call(withTasks)));
  const rich = { ...plain, params: { _meta: { ...meta, [CAPS]: { elicitation: { form: { applyDefaults: true } } } } } };
  expect(quickModernRoute(call(rich))).toBeUndefined();
  expect(classifyInbound(call(rich))).toEqual(classifyInboundRequest(call(rich)));
});

it('agrees with the pinned SDK at start-up', () => {
  expect(quickClassifierAgrees()).toBe(true);
});
