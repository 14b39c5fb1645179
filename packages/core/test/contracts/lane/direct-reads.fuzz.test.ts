import * as gate from '../../../src/accelerators/lane/direct/direct-request-gate';
import { directReadsApp } from './direct-reads.fixture';
import { seededRandom } from '../../support/seeded-random';
import { meta, MODERN, pairOpener, type Pair, type Raw } from '../../e2e/support/two-paths';
import { ABSENT, expectSameAnswers, pick, present } from './support/differential-fuzz';

/**
 * Seeded random prompts/get and resources/read requests, well-formed and not, sent to a listener with the
 * fast path (and so the direct path where its gate opens) and to one without it: every answer must be the
 * same (status, content type, bytes; masked error references aside). The seed is printed so a failure can
 * be replayed (DIRECT_READS_FUZZ_SEED).
 */
const SEED = Number(process.env.DIRECT_READS_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = 80;

const PROMPTS: unknown[] = [
  'write',
  'write',
  'hello',
  'report',
  'conversation',
  'whole',
  'stamped',
  'odd',
  'shapeless',
  'refusing',
  'lacking',
  'urlAsking',
  'erring',
  'failing',
  'chatty',
  'guarded',
  'confirm',
  'place',
  'nope',
  5,
  ABSENT,
];
const URIS: unknown[] = [
  'text://plain',
  'config://app',
  'bin://bytes',
  'whole://cached',
  'whole://bad-cache',
  'whole://other-type',
  'missing://thing',
  'gone://thing',
  'failing://thing',
  'report://ctx',
  'notes://n-1',
  'notes://a%20b',
  'files://readme',
  'ask://1',
  'nowhere://at-all',
  7,
  ABSENT,
];
const ARGUMENTS: unknown[] = [{ topic: 'bees' }, { topic: 'bees' }, { topic: 7 }, {}, [], null, 'str', ABSENT];
const IDS: unknown[] = [1, 1, 'id-7', 0, -3, 1.5, null, {}, ABSENT];
const METAS: Array<() => unknown> = [
  () => meta(),
  () => meta({ elicitation: {} }),
  () => ({ ...meta(), 'example.com/x': 1 }),
  () => ({ ...meta(), progressToken: 'p' }),
  () => ({ ...meta(), 'io.modelcontextprotocol/logLevel': 'info' }),
  () => ({ 'io.modelcontextprotocol/protocolVersion': MODERN }),
  () => ({ ...meta(), 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }),
  () => 'not an object',
  () => ABSENT,
];
const EXTRA_PARAMS: Array<Record<string, unknown>> = [
  {},
  {},
  {},
  { requestState: 'forged' },
  { inputResponses: {} },
  { inputResponses: { region: { action: 'accept', content: { region: 'eu' } } }, requestState: 'forged' },
  { inputResponses: 'yes' },
  { unknown: 1 },
];

function randomRead(next: () => number): Raw {
  const isPrompt = next() < 0.5;
  const method = isPrompt ? 'prompts/get' : 'resources/read';
  const name = pick(next, isPrompt ? PROMPTS : URIS);
  const params = present({
    ...(isPrompt ? { name, arguments: pick(next, ARGUMENTS) } : { uri: name }),
    _meta: pick(next, METAS)(),
    ...pick(next, EXTRA_PARAMS),
  });
  const wellFormed = next() < 0.4; // often enough that the gate opens
  const body = present({
    jsonrpc: wellFormed || next() < 0.95 ? '2.0' : '1.0',
    id: wellFormed ? 1 : pick(next, IDS),
    method: wellFormed || next() < 0.95 ? method : 'prompts/list',
    params: wellFormed ? { ...params, _meta: pick(next, METAS.slice(0, 5))() } : params,
  });
  const nameHeader = wellFormed || next() < 0.85 ? name : pick(next, ['other', '=?base64?aGVsbG8=?=', ABSENT]);
  const headers = present({
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    'mcp-protocol-version': wellFormed || next() < 0.95 ? MODERN : '2025-11-25',
    'mcp-method': wellFormed || next() < 0.95 ? method : 'prompts/list',
    'mcp-name': typeof nameHeader === 'string' ? nameHeader : nameHeader === ABSENT ? ABSENT : String(nameHeader),
  }) as Record<string, string>;
  return { headers, body: JSON.stringify(body) };
}

const pair = pairOpener();
let paths: Pair;
beforeAll(async () => (paths = await pair(directReadsApp())));

it(`random prompts/get and resources/read requests get the same answers with and without the direct path (seed ${SEED}; DIRECT_READS_FUZZ_SEED=${SEED} replays it)`, async () => {
  const next = seededRandom(SEED);
  // how many of the random requests the gate let through
  const admit = jest.spyOn(gate, 'admitDirectRequest');
  try {
    for (let i = 0; i < CASES; i++) {
      const raw = randomRead(next);
      await expectSameAnswers(paths, raw, { seed: SEED, case: i });
    }
    const admitted = admit.mock.results.filter((r) => r.value !== undefined).length;
    // the gate was met from both sides: some requests served directly, the rest by the SDK
    expect(admitted).toBeGreaterThan(5);
    expect(admitted).toBeLessThan(CASES);
  } finally {
    admit.mockRestore();
  }
}, 120_000);
