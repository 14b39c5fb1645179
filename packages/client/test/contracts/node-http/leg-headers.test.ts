import { StreamableHTTPClientTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { legHeaders, plainBaseHeaders } from '../../../src/accelerators/node-http/leg-headers';
import { random } from '../../support/seeded-random';

/*
 * The leg transport builds a leg's headers itself (leg-headers.ts); the SDK's StreamableHTTPClientTransport is
 * the reference. Seeded random legs (names, per-request headers, the user's headers, plain and not) go through
 * both: wherever legHeaders builds headers they must be exactly the SDK transport's, and where it declines
 * (undefined: the SDK's base64 name form, odd header names or values) the SDK's transport still sends them.
 */

const VERSION = '2026-07-28';
const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The headers the SDK's transport sends for `message`, read off the fetch it calls. */
async function sdkHeaders(
  message: JSONRPCMessage,
  base: Record<string, string> | undefined,
  perRequest: Record<string, string> | undefined,
): Promise<Record<string, string> | Error> {
  let seen: Record<string, string> | undefined;
  const transport = new StreamableHTTPClientTransport(new URL('http://leg.test/mcp'), {
    fetch: async (_url, init) => {
      seen = {};
      new Headers(init?.headers).forEach((value, name) => (seen![name] = value));
      return new Response('{"jsonrpc":"2.0","id":1,"result":{}}', { headers: { 'content-type': 'application/json' } });
    },
    ...(base !== undefined && { requestInit: { headers: base } }),
  });
  transport.onmessage = () => undefined;
  transport.onerror = () => undefined;
  await transport.start();
  try {
    await transport.send(message, { ...(perRequest !== undefined && { headers: perRequest }) });
  } catch (error) {
    return error as Error;
  } finally {
    await transport.close();
  }
  return seen!;
}

const NAMES = [
  'provision',
  'deploy-now',
  '',
  ' padded',
  'tab\tinside',
  'café',
  '日本',
  '=?base64?abc?=',
  'emoji 🎉',
  'line\nbreak',
  'a'.repeat(300),
  'x?=',
];
const URIS = ['file:///a.txt', 'file:///ü', 'https://x.test/a?b=c d', 'mem://  '];
const HEADER_NAMES = [
  'X-Trace',
  'mcp-param-region',
  'Accept',
  'Content-Type',
  'MCP-Name',
  'authorization',
  'x y',
  'X-é',
];
const HEADER_VALUES = ['plain', ' padded ', 'a, b', '', 'tab\there', 'é', 'application/xml, TEXT/EVENT-STREAM'];

function caseOf(seed: number) {
  const r = random(seed);
  const method = r.pick(['tools/call', 'prompts/get', 'resources/read'] as const);
  const params: Record<string, unknown> =
    method === 'resources/read'
      ? { uri: r.pick(URIS) }
      : { name: r.next() < 0.9 ? r.pick(NAMES) : 42, arguments: { a: 1 } };
  params._meta = { [VERSION_KEY]: VERSION };
  const headers = (n: number) =>
    Object.fromEntries(Array.from({ length: n }, () => [r.pick(HEADER_NAMES), r.pick(HEADER_VALUES)]));
  const base = r.next() < 0.5 ? undefined : headers(Math.floor(r.next() * 3));
  const perRequest = r.next() < 0.5 ? undefined : headers(Math.floor(r.next() * 3));
  const message = { jsonrpc: '2.0', id: seed, method, params } as JSONRPCMessage;
  return { message, method, params, base, perRequest };
}

test('wherever legHeaders builds a leg its headers are the SDK transport own, over 600 seeded legs', async () => {
  let built = 0;
  for (let seed = 1; seed <= 600; seed++) {
    const c = caseOf(seed);
    const reference = await sdkHeaders(c.message, c.base, c.perRequest);
    const plainBase = plainBaseHeaders(c.base);
    const ours = plainBase && legHeaders(plainBase, VERSION, c.method, c.params, c.perRequest);
    if (ours === undefined) continue;
    built++;
    expect({ seed, headers: ours }).toEqual({ seed, headers: reference });
  }
  // The plain cases are the usual ones: most legs must be built here, or the fast path is idle.
  expect(built).toBeGreaterThan(150);
});

test('a leg the way the client sends one', () => {
  const headers = legHeaders(
    plainBaseHeaders({ Authorization: 'Bearer t' })!,
    VERSION,
    'tools/call',
    { name: 'provision' },
    {},
  );
  expect(headers).toEqual({
    authorization: 'Bearer t',
    'mcp-protocol-version': VERSION,
    'mcp-method': 'tools/call',
    'mcp-name': 'provision',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  });
});

test('names the SDK sends in base64, and header values outside printable ASCII, are left to it', () => {
  expect(legHeaders({}, VERSION, 'tools/call', { name: 'café' }, undefined)).toBeUndefined();
  expect(legHeaders({}, VERSION, 'tools/call', { name: ' x' }, undefined)).toBeUndefined();
  expect(legHeaders({}, VERSION, 'tools/call', { name: '=?base64?eA==?=' }, undefined)).toBeUndefined();
  expect(legHeaders({}, VERSION, 'tools/call', { name: 'x' }, { 'x-a': 'é' })).toBeUndefined();
  expect(legHeaders({}, VERSION, 'tools/list', {}, undefined)).toBeUndefined();
  expect(plainBaseHeaders({ 'x-a': 'é' })).toBeUndefined();
  expect(plainBaseHeaders({ 'x y': 'a' })).toBeUndefined();
});
