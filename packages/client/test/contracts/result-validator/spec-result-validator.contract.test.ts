import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { specResultValidator } from '../../../src/accelerators/result-validator/spec-result-validator';
import { random, type Random } from '../../support/seeded-random';

/*
 * The tools/call result validator built once (spec-result-validator.ts) against the one the SDK's
 * `Client.request()` builds per request (caught on its way into the SDK's request funnel): on seeded random
 * results both must give the same verdict, value and issues. And end to end, the same SDK client sends each
 * result's request both ways (no schema, and the validator as its schema) to a server that answers with that
 * result: each must settle alike, the same value or the same error (class, code, message). The seed is printed
 * so a failure can be replayed (SPEC_RESULT_SEED).
 */

const SEED = Number(process.env.SPEC_RESULT_SEED ?? Date.now() % 1_000_000);
const CASES = 400;

const CONTENT: unknown[] = [
  { type: 'text', text: 'provisioned web1 in eu' },
  { type: 'text', text: 5 },
  { type: 'text' },
  { type: 'image', data: 'aGk=', mimeType: 'image/png' },
  { type: 'image', data: 'aGk=' },
  { type: 'resource_link', uri: 'file:///a', name: 'a' },
  { type: 'resource', resource: { uri: 'file:///a', text: 't' } },
  { type: 'audio', data: 'aGk=', mimeType: 'audio/wav' },
  { type: 'video', data: 'x' },
  { type: 'text', text: 'x', annotations: { audience: ['user'], priority: 0.5 } },
  { type: 'text', text: 'x', annotations: { priority: 'high' } },
  { type: 'text', text: 'x', _meta: { a: 1 } },
  'text',
  null,
];
const FIELDS: Array<[string, unknown[]]> = [
  ['content', [[], 'none', null, {}]],
  ['structuredContent', [{ a: 1 }, [], 'x', null]],
  ['isError', [true, false, 'yes', 0]],
  ['resultType', ['complete', 'input_required', 'other', 5]],
  ['inputRequests', [{}, { a: { method: 'elicitation/create', params: { message: 'm', requestedSchema: {} } } }, 'x']],
  ['requestState', ['s', 5]],
  ['_meta', [{}, { 'io.modelcontextprotocol/serverInfo': { name: 'x', version: '1' } }, 'm', null]],
  ['extra', [1, 'x', {}]],
  ['toolResult', [{}, 'x']],
];

function resultOf(r: Random): unknown {
  if (r.next() < 0.05) return r.pick([null, 'result', 5, [], true]);
  const result: Record<string, unknown> = {};
  if (r.next() < 0.85) result.content = Array.from({ length: Math.floor(r.next() * 3) }, () => r.pick(CONTENT));
  for (let n = Math.floor(r.next() * 3); n > 0; n--) {
    const [key, values] = r.pick(FIELDS);
    result[key] = r.pick(values);
  }
  return result;
}

const DISCOVER = {
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fixed', version: '1' } },
};

function settled(promise: Promise<unknown>) {
  return promise.then(
    (value) => ({ value }),
    (error: Error & { code?: unknown }) => ({
      error: error.constructor.name,
      code: error.code,
      message: error.message,
    }),
  );
}

it(`settles every tools/call result as the SDK's own validator does (seed ${SEED}; SPEC_RESULT_SEED=${SEED} replays it)`, async () => {
  let answer: unknown;
  const client = new Client(
    { name: 'c', version: '1' },
    { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } }, inputRequired: { autoFulfill: false } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://results.test/mcp'), {
      fetch: async (_url, init) => {
        const message = JSON.parse(String(init?.body)) as { id: unknown; method: string };
        const result = message.method === 'server/discover' ? DISCOVER : answer;
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
  );
  const schema = specResultValidator(client, 'tools/call');
  expect(schema).toBeDefined();
  // the validator the SDK builds for a request without a schema, caught on its way into the request funnel
  const funnel = jest.spyOn(
    client as unknown as { _requestWithSchemaViaCodec: (...args: unknown[]) => unknown },
    '_requestWithSchemaViaCodec',
  );
  answer = { content: [], resultType: 'complete' };
  await client.request({ method: 'tools/call', params: { name: 'provision' } });
  const sdkSchema = funnel.mock.calls[0]![2] as unknown as typeof schema;
  funnel.mockRestore();
  expect(sdkSchema).not.toBe(schema);
  // built once for the codec and method
  expect(specResultValidator(client, 'tools/call')).toBe(schema);
  const r = random(SEED);
  const outcomes = new Set<string>();
  for (let i = 0; i < CASES; i++) {
    answer = resultOf(r);
    const request = { method: 'tools/call' as const, params: { name: 'provision', arguments: { name: 'web1' } } };
    const options = { allowInputRequired: true };
    expect({ case: i, verdict: await schema!['~standard'].validate(answer) }).toEqual({
      case: i,
      verdict: await sdkSchema!['~standard'].validate(answer),
    });
    const expected = await settled(client.request(request, options));
    const actual = await settled(client.request(request, schema!, options));
    outcomes.add('value' in expected ? 'value' : 'error');
    expect({ seed: SEED, case: i, answer, actual }).toEqual({ seed: SEED, case: i, answer, actual: expected });
  }
  expect([...outcomes].sort()).toEqual(['error', 'value']);
  await client.close();
});

it('leaves a method outside the era to the SDK (no validator), so its request throws its own TypeError', async () => {
  const client = new Client({ name: 'c', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  expect(specResultValidator(client, 'no/such-method')).toBeUndefined();
});
