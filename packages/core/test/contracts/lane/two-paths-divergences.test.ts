import { Server } from '@modelcontextprotocol/server';
import { edgeApp } from '../../e2e/two-paths-divergences.fixture';
import { bothPaths, headers, meta, pairOpener, send, type Raw } from '../../e2e/support/two-paths';

/**
 * The contract of listen's fast lane: whatever it serves, it answers as the SDK path does, byte for byte.
 * Each case here is a request a user (or an attacker) may send; the same request goes to a listener with
 * the lane and to one without it (`fastPath: false`), and the answers must be the same.
 */
const pair = pairOpener();
afterEach(() => jest.restoreAllMocks());

/** A tools/call of `name`, its body written by hand when `text` is given (keys JSON.stringify cannot write). */
const call = (name: string, args: unknown = {}, extraParams: Record<string, unknown> = {}, id: unknown = 1): Raw => ({
  headers: headers('tools/call', name),
  body: JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args, _meta: meta(), ...extraParams },
  }),
});
const rawCall = (name: string, paramsJson: string, extra: Record<string, string> = {}): Raw => ({
  headers: headers('tools/call', name, extra),
  body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(name)},${paramsJson}}}`,
});
const metaJson = JSON.stringify(meta()).slice(1, -1);

describe('plain and enhanced calls', () => {
  let fast: URL;
  let sdk: URL;
  beforeAll(async () => ({ fast, sdk } = await pair(edgeApp())));

  it.each([
    [
      'an interceptor returning an input-required result',
      call('interceptedAsk', {}, { _meta: meta({ elicitation: {} }) }),
    ],
    [
      'an exception filter returning an input-required result',
      call('filteredAsk', {}, { _meta: meta({ elicitation: {} }) }),
    ],
    ['an interceptor asking a client without the capability', call('interceptedAsk')],
    ['a pass-through interceptor', call('intercepted')],
    ['a guard refusing', call('guarded')],
    ['a pipe', call('piped', { text: 'loud' })],
    [
      'a log level asked for',
      call('chatty', {}, { _meta: { ...meta(), 'io.modelcontextprotocol/logLevel': 'debug' } }),
    ],
    ['a progress token', call('chatty', {}, { _meta: { ...meta(), progressToken: 'p1' } })],
    ['a string id', call('echo', { text: 'x' }, {}, 'id-1')],
    ['an id of zero', call('echo', { text: 'x' }, {}, 0)],
    ['a negative fractional id', call('echo', { text: 'x' }, {}, -1.5)],
    ['an empty string id', call('echo', { text: 'x' }, {}, '')],
    ['a huge id', call('echo', { text: 'x' }, {}, 1e300)],
    ['a null id', call('echo', { text: 'x' }, {}, null)],
    ['an object id', call('echo', { text: 'x' }, {}, { a: 1 })],
  ] as [string, Raw][])('%s: the same answer on both paths', async (_what, raw) => {
    await bothPaths(fast, sdk, raw);
  });

  it('an interceptor returning an input-required result is sent as one (not -32603)', async () => {
    const answer = await bothPaths(fast, sdk, call('interceptedAsk', {}, { _meta: meta({ elicitation: {} }) }));
    expect(answer.body).toMatchObject({ result: { resultType: 'input_required' } });
  });

  it.each([
    [
      '`__proto__` in arguments',
      rawCall('keys', `"arguments":{"__proto__":{"injected":1},"a":1},"_meta":{${metaJson}}`),
    ],
    [
      '`constructor` in arguments',
      rawCall('keys', `"arguments":{"constructor":{"prototype":1},"a":1},"_meta":{${metaJson}}`),
    ],
    [
      '`__proto__` in _meta carrying a progress token',
      rawCall('keys', `"arguments":{},"_meta":{${metaJson},"__proto__":{"progressToken":"t"}}`),
    ],
    ['`constructor` in _meta', rawCall('keys', `"arguments":{},"_meta":{${metaJson},"constructor":{"x":1}}`)],
    [
      '`__proto__` in params',
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"__proto__":{"name":"keys"},"name":"keys","arguments":{},"_meta":{${metaJson}}}}`,
    ],
    [
      '`__proto__` at the top',
      `{"__proto__":{"x":1},"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"keys","arguments":{},"_meta":{${metaJson}}}}`,
    ],
    [
      '`__proto__` in a text argument',
      rawCall('echo', `"arguments":{"text":"x","__proto__":{"text":"y"}},"_meta":{${metaJson}}`),
    ],
  ] as [string, Raw | string][])('%s: the same answer on both paths', async (_what, raw) => {
    const r: Raw = typeof raw === 'string' ? { headers: headers('tools/call', 'keys'), body: raw } : raw;
    const answer = await bothPaths(fast, sdk, r);
    expect(answer.contentType).toBe('application/json'); // never turned into an event stream
  });

  it('`__proto__` in _meta gives the handler no progress token and no event stream', async () => {
    const answer = await bothPaths(
      fast,
      sdk,
      rawCall('keys', `"arguments":{},"_meta":{${metaJson},"__proto__":{"progressToken":"t"}}`),
    );
    const report = JSON.parse((answer.body as { result: { content: { text: string }[] } }).result.content[0]!.text);
    expect(report).toMatchObject({ progressToken: null });
  });

  it.each([
    ['a byte order mark before the body', (b: string) => `\uFEFF${b}`],
    ['white space around the body', (b: string) => ` \n${b}\n `],
  ])('%s: the same answer on both paths', async (_what, wrap) => {
    const raw = call('echo', { text: 'bom' });
    await bothPaths(fast, sdk, { ...raw, body: wrap(raw.body!) });
  });

  it.each([
    ['a batch of two calls', `[${call('echo', { text: 'a' }).body},${call('echo', { text: 'b' }).body}]`],
    ['an empty batch', '[]'],
    ['a notification', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })],
    ['a response', JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} })],
    ['a method that is not a string', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 7, params: {} })],
  ])('%s: the same answer on both paths', async (_what, body) => {
    await bothPaths(fast, sdk, { headers: headers('tools/call', 'echo'), body });
  });

  it('a call whose chain has an interceptor or a filter is left to the SDK (it may answer for the tool)', async () => {
    const connect = jest.spyOn(Server.prototype, 'connect');
    await send(fast, call('intercepted'));
    await send(fast, call('filteredAsk'));
    expect(connect).toHaveBeenCalledTimes(2);
    connect.mockClear();
    await send(fast, call('echo', { text: 'plain' }));
    expect(connect).not.toHaveBeenCalled(); // the lane still serves a plain call
  });
});

describe('with telemetry on', () => {
  let fast: URL;
  let sdk: URL;
  beforeAll(async () => ({ fast, sdk } = await pair(edgeApp({ telemetry: true }))));

  it.each([
    ['a plain call', call('echo', { text: 't' })],
    ['a refused call', call('guarded')],
    ['bad arguments', call('echo', { text: 7 })],
  ] as [string, Raw][])('%s: the same answer on both paths', async (_what, raw) => {
    await bothPaths(fast, sdk, raw);
  });
});

describe('with bearer auth', () => {
  let fast: URL;
  let sdk: URL;
  beforeAll(async () => ({ fast, sdk } = await pair(edgeApp({ auth: true }))));
  const withToken = (raw: Raw, token?: string): Raw => ({
    ...raw,
    headers: { ...raw.headers, ...(token !== undefined && { authorization: `Bearer ${token}` }) },
  });

  it.each([
    ['no token', undefined],
    ['a bad token', 'bad-token'],
    ['a good token', 'good-token'],
  ])('%s: the same answer on both paths', async (_what, token) => {
    await bothPaths(fast, sdk, withToken(call('whoami'), token));
  });

  it('no token and a body that is no JSON: the same 401 on both paths', async () => {
    const answer = await bothPaths(fast, sdk, { headers: headers('tools/call', 'echo'), body: '{not json' });
    expect(answer.status).toBe(401);
  });
});

describe('refused before the body, on the headers or from a scan', () => {
  const echo = call('echo', { text: 'x' });
  const withHeaders = (extra: Record<string, string>, raw: Raw = echo): Raw => ({
    ...raw,
    headers: { ...raw.headers, ...extra },
  });

  it.each([
    ['127.0.0.1', undefined],
    ['127.0.0.2 (any loopback address)', '127.0.0.2'],
  ])('on %s: a foreign Host or Origin, the same 403 on both paths', async (_where, host) => {
    const { fast, sdk } = await pair(edgeApp(), host);
    for (const extra of [{ host: 'rebound.example' }, { origin: 'http://rebound.example' }] as Record<
      string,
      string
    >[]) {
      const answer = await bothPaths(fast, sdk, withHeaders(extra));
      expect(answer.status).toBe(403);
    }
  });

  it('a foreign Host without a token: the same 403 on both paths (the host first, then the token)', async () => {
    const { fast, sdk } = await pair(edgeApp({ auth: true }));
    const answer = await bothPaths(fast, sdk, withHeaders({ host: 'rebound.example' }));
    expect(answer.status).toBe(403);
  });

  const keys = Array.from({ length: 330_000 }, (_, i) => `"${i.toString(36)}":0`).join(',');
  it.each([
    ['a notification', `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{${keys}}}`],
    ['a batch', `[{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{${keys}}}]`],
    ['a response', `{"jsonrpc":"2.0","id":1,"result":{${keys}}}`],
    ['a method that is not a string', `{"jsonrpc":"2.0","id":1,"method":7,"params":{${keys}}}`],
  ])('%s of 330 000 keys under the body limit: the same refusal on both paths, never parsed', async (_what, body) => {
    const { fast, sdk } = await pair(edgeApp());
    const parse = jest.spyOn(JSON, 'parse');
    const answer = await bothPaths(fast, sdk, { headers: headers('tools/call', 'echo'), body });
    expect(answer.body).toMatchObject({ error: { code: -32600 } });
    expect(parse.mock.calls.filter(([text]) => String(text).length > 1_000_000)).toEqual([]);
  });
});
