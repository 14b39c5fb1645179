import { StreamableHTTPClientTransport, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { TesseraClient, type LegRetryEvent } from '../../../src';
import { createTransport } from '../../../src/connect/create-transport';
import { nodeHttpFetch } from '../../../src';
import { sharedNodeHttp } from '../../../src/accelerators/node-http/default-http-fetch';
import { NodeHttpTransport } from '../../../src/accelerators/node-http/node-http-transport';
import { classifyLegFailure } from '../../../src/rounds/leg-failure';
import { recordingCallbacks } from '../../fixtures/callbacks.fixture';
import { FailingFront, type FrontFailure } from '../../fixtures/failing-front.fixture';
import { createFixtureHandler, startHttpServer, type RunningHttpServer } from '../../fixtures/serve-fixture.fixture';

/*
 * The leg transport (`fetch: nodeHttpFetch()`) against the SDK's own transport, on the platform fetch and on the
 * node:http fetch, through the whole client and a real front: the requests the server receives (method, body,
 * every MCP and user header) and what every call returns or throws must be the same. The front fails chosen
 * legs (503, a reset before the answer), so errors and retries go through both transports too.
 */

// The SDK transport on the node:http fetch: the same function, wrapped so it is not recognised as nodeHttpFetch()'s.
const VARIANTS = [
  ['leg transport (nodeHttpFetch())', () => nodeHttpFetch()],
  ['SDK transport on the node:http fetch', () => wrapped(nodeHttpFetch())],
  ['SDK transport on the platform fetch (the default)', undefined],
] as const;

function wrapped(fetch: ReturnType<typeof nodeHttpFetch>): ReturnType<typeof nodeHttpFetch> {
  return (input, init) => fetch(input, init);
}

// Added by one fetch and not the other: the transport's requests are compared without them.
const FETCH_OWN_HEADERS = ['host', 'connection', 'user-agent', 'accept-encoding', 'accept-language', 'sec-fetch-mode'];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

let backend: RunningHttpServer;
beforeAll(async () => {
  backend = await startHttpServer(createFixtureHandler());
});
afterAll(async () => {
  await backend.close();
});

function errorOf(error: unknown) {
  const e = error as Error & { code?: unknown };
  return { error: e.constructor.name, message: e.message, code: e.code, kind: classifyLegFailure(e)?.kind };
}

async function scenario(fetchOf: (typeof VARIANTS)[number][1], failures: Array<[number, FrontFailure]>) {
  const front = new FailingFront(backend.url);
  await front.start();
  const retries: LegRetryEvent[] = [];
  const client = new TesseraClient({
    ...recordingCallbacks().callbacks,
    hooks: { onLegRetry: (e) => void retries.push(e) },
    sleep: async () => undefined,
    legRetry: { maxRetries: 2 },
  });
  try {
    const fetch = fetchOf?.();
    const headers = { Authorization: 'Bearer t', 'X-Extra': ' spaced ' };
    await client.connect(fetch === undefined ? { url: front.url, headers } : { url: front.url, fetch, headers });
    for (const [leg, failure] of failures) front.failures.set(leg, failure);
    const outcomes = [];
    const settle = (p: Promise<unknown>) => p.then((result) => ({ result }), errorOf);
    outcomes.push(await settle(client.callTool({ name: 'greet', arguments: { greeting: 'hi' } })));
    outcomes.push(await settle(client.getPrompt({ name: 'briefing', arguments: { subject: 'tides' } })));
    outcomes.push(await settle(client.readResource({ uri: 'secret://42' })));
    // A name the SDK sends in base64 (Mcp-Name): this leg is the SDK transport's in every variant.
    outcomes.push(await settle(client.readResource({ uri: 'secret://zürich' })));
    outcomes.push(await settle(client.callTool({ name: 'nope', arguments: {} })));
    return {
      outcomes,
      retries: retries.map((r) => [r.leg, r.attempt, r.failure.kind, r.failure.status]),
      requests: front.seen.map(({ method, headers, body }) => {
        const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !FETCH_OWN_HEADERS.includes(name)));
        return { method, headers: kept, body: body.replace(UUID, '<key>') };
      }),
    };
  } finally {
    await client.close();
    await front.close();
  }
}

describe.each([
  ['every leg answered', []],
  [
    'a 503, a 502 and a reset before the answer on chosen legs',
    [
      [1, 503],
      [3, 502],
      [5, 'reset-before-answer'],
    ],
  ],
] as Array<[string, Array<[number, FrontFailure]>]>)('%s', (_name, failures) => {
  test('same requests on the wire, same results and errors, as the SDK transport on either fetch', async () => {
    const post = jest.spyOn(sharedNodeHttp()!, 'post');
    const [legs, viaNodeFetch, viaPlatform] = [
      await scenario(VARIANTS[0][1], failures),
      await scenario(VARIANTS[1][1], failures),
      await scenario(VARIANTS[2][1], failures),
    ];
    // The legs did take the leg transport's own path (one POST per plain leg, the base64-named one excepted).
    expect(post.mock.calls.length).toBeGreaterThanOrEqual(6);
    post.mockRestore();
    expect(legs.outcomes.filter((o) => 'result' in o).length).toBeGreaterThanOrEqual(2);
    expect(legs.requests.length).toBeGreaterThan(8);
    expect(legs.requests.some((r) => r.headers['x-extra'] === 'spaced')).toBe(true);
    expect(legs).toEqual(viaNodeFetch);
    expect(legs).toEqual(viaPlatform);
  });
});

test('a refused connection fails a leg as fetch does: TypeError "fetch failed", classified connection_refused', async () => {
  const outcome = async (fetchOf: (typeof VARIANTS)[number][1]) => {
    const front = new FailingFront(backend.url);
    await front.start();
    const client = new TesseraClient({ sleep: async () => undefined, legRetry: { maxRetries: 1 } });
    const fetch = fetchOf?.();
    await client.connect(fetch === undefined ? { url: front.url } : { url: front.url, fetch });
    await front.refuseConnections();
    const error = await client.callTool({ name: 'greet', arguments: { greeting: 'hi' } }).catch(errorOf);
    await client.close();
    return error;
  };
  const legs = await outcome(VARIANTS[0][1]);
  expect(legs).toEqual({ error: 'TypeError', message: 'fetch failed', code: undefined, kind: 'connection_refused' });
  expect(legs).toEqual(await outcome(VARIANTS[2][1]));
});

test('nodeHttpFetch() takes the leg transport; the default, another fetch or auth keep the SDK transport', () => {
  const url = 'http://127.0.0.1:1/mcp';
  expect(createTransport({ url, fetch: nodeHttpFetch() })).toBeInstanceOf(NodeHttpTransport);
  expect(createTransport({ url })).toBeInstanceOf(StreamableHTTPClientTransport);
  expect(createTransport({ url, fetch: globalThis.fetch })).toBeInstanceOf(StreamableHTTPClientTransport);
  const auth = {} as OAuthClientProvider; // read only once a request is sent
  expect(createTransport({ url, fetch: nodeHttpFetch(), auth })).toBeInstanceOf(StreamableHTTPClientTransport);
});
