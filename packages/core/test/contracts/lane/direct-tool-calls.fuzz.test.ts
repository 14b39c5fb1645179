import { DirectToolCalls } from '../../../src/accelerators/lane/direct/direct-tool-calls';
import { directCallsApp } from './direct-tool-calls.fixture';
import { seededRandom } from '../../support/seeded-random';
import { meta, MODERN, pairOpener, type Pair, type Raw } from '../../e2e/support/two-paths';
import { ABSENT, expectSameAnswers, pick, present } from './support/differential-fuzz';

/**
 * Seeded random tools/call requests, well-formed and not, sent to a listener with the fast path (and so
 * the direct path where its gate opens) and to one without it: every answer must be the same (status,
 * content type, bytes; masked error references aside). The seed is printed so a failure can be replayed
 * (DIRECT_FUZZ_SEED).
 */
const SEED = Number(process.env.DIRECT_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = 80;

// not `pushing`: on a 2025-era request (which some random calls are) the SDK really sends its elicitation
// and waits for an answer a stateless client never gives (plainCall() calls it on 2026-07-28 only)
const NAMES: unknown[] = [
  'echo',
  'echo',
  'report',
  'sum',
  'whole',
  'erring',
  'refusing',
  'chatty',
  'quiet',
  'place',
  'nope',
  5,
  ABSENT,
];
const ARGUMENTS: unknown[] = [
  { text: 'x' },
  { text: 'x' },
  { text: 7 },
  {},
  [],
  null,
  'str',
  ABSENT,
  { text: 'x', extra: true },
];
const IDS: unknown[] = [1, 1, 'id-7', 0, -3, 1.5, null, {}, ABSENT];
const METAS: Array<() => unknown> = [
  () => meta(),
  () => meta(),
  () => ({ ...meta(), 'example.com/x': 1 }),
  () => meta({ elicitation: {} }),
  () => ({ ...meta({ elicitation: { form: {} } }), 'io.modelcontextprotocol/logLevel': 'debug', progressToken: 3 }),
  () => ({ ...meta(), progressToken: 'p' }),
  () => ({ ...meta(), 'io.modelcontextprotocol/logLevel': 'info' }),
  () => ({ 'io.modelcontextprotocol/protocolVersion': MODERN }),
  () => ({ ...meta(), 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }),
  () => ({ ...meta(), 'io.modelcontextprotocol/clientCapabilities': 'none' }),
  () => 'not an object',
  () => ABSENT,
];
const EXTRA_PARAMS: Array<Record<string, unknown>> = [
  {},
  {},
  {},
  { requestState: 'forged' },
  { requestState: null },
  { requestState: 7 },
  { requestState: '' },
  { inputResponses: {} },
  { inputResponses: { region: { action: 'accept', content: { region: 'eu' } } } },
  { inputResponses: { region: { action: 'accept', content: { region: 'mars' } } }, requestState: null },
  { inputResponses: { region: { action: 'decline' } } },
  { inputResponses: { region: 5, other: { method: 'elicitation/create', result: {} } } },
  { inputResponses: null },
  { inputResponses: [] },
  { task: { ttl: 1000 } },
  { unknown: 1 },
];

function randomCall(next: () => number): Raw {
  const name = pick(next, NAMES);
  const params = present({
    name,
    arguments: pick(next, ARGUMENTS),
    _meta: pick(next, METAS)(),
    ...pick(next, EXTRA_PARAMS),
  });
  const body = present({
    jsonrpc: next() < 0.95 ? '2.0' : '1.0',
    id: pick(next, IDS),
    method: next() < 0.95 ? 'tools/call' : 'tools/list',
    params,
  });
  const nameHeader = next() < 0.85 ? name : pick(next, ['other', '=?base64?ZWNobw==?=', ABSENT]);
  const headers = present({
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    'mcp-protocol-version': next() < 0.95 ? MODERN : '2025-11-25',
    'mcp-method': next() < 0.95 ? 'tools/call' : 'tools/list',
    'mcp-name': typeof nameHeader === 'string' ? nameHeader : nameHeader === ABSENT ? ABSENT : String(nameHeader),
  }) as Record<string, string>;
  return { headers, body: JSON.stringify(body) };
}

/** A well-formed call of a plain tool (random tool, arguments and id): the kind the direct path serves. */
function plainCall(next: () => number): Raw {
  const name = pick(next, [
    'echo',
    'report',
    'sum',
    'whole',
    'erring',
    'refusing',
    'failing',
    'chatty',
    'quiet',
    'pushing',
    'place',
  ]);
  const id = pick(next, [1, 'id-7', 0, 42]);
  const args = pick(next, [{ text: 'x' }, { text: 7 }, {}, { text: 'y', extra: true }]);
  // a leg carrying an answer (a state, when one is sent, is forged: only a sealed one gets further)
  const retry = pick(next, [
    {},
    {},
    { inputResponses: { region: { action: 'accept', content: { region: pick(next, ['eu', 'mars']) } } } },
    { inputResponses: { region: { action: 'cancel' } }, requestState: 'forged' },
  ]);
  return {
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args, _meta: meta(pick(next, [{}, { elicitation: {} }])), ...retry },
    }),
  };
}

const pair = pairOpener();
let paths: Pair;
beforeAll(async () => (paths = await pair(directCallsApp())));

it(`random tools/call requests get the same answers with and without the direct path (seed ${SEED}; DIRECT_FUZZ_SEED=${SEED} replays it)`, async () => {
  const next = seededRandom(SEED);
  // the direct path's run (private): how many of the random calls its gate let through
  const run = jest.spyOn(DirectToolCalls.prototype as unknown as { run(): Promise<Response> }, 'run');
  try {
    for (let i = 0; i < CASES; i++) {
      const raw = i % 4 === 0 ? plainCall(next) : randomCall(next); // a quarter well-formed, so both sides of the gate are met
      await expectSameAnswers(paths, raw, { seed: SEED, case: i });
    }
    // both sides of the gate were exercised: some calls served directly, the rest by the SDK
    expect(run.mock.calls.length).toBeGreaterThan(0);
    expect(run.mock.calls.length).toBeLessThan(CASES);
  } finally {
    run.mockRestore();
  }
});
