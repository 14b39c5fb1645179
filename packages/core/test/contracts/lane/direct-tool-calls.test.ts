import { Server } from '@modelcontextprotocol/server';
import { directCallsApp } from './direct-tool-calls.fixture';
import { bothPathsWithServers, headers, message, meta, pairOpener, send, type Raw } from '../../e2e/support/two-paths';

/**
 * listen()'s node face serves a stateless 2026-07-28 tools/call of a tool that asks nothing without the
 * SDK's per-request server (lane/direct/). Every answer must be the SDK path's, byte for byte: the same
 * requests go to a listener with the fast path and to one without it (`fastPath: false`). Whether a
 * request took the direct path shows in the SDK servers built for it (none on the direct path).
 */
const pair = pairOpener();
let fast: URL;
let sdk: URL;
beforeAll(async () => ({ fast, sdk } = await pair(directCallsApp())));
afterEach(() => jest.restoreAllMocks());

const compare = (raw: Raw) => bothPathsWithServers({ fast, sdk }, raw);

/** A tools/call; `extraParams` may replace the `_meta` envelope. */
const call = (
  name: string,
  args: unknown = {},
  extraParams: Record<string, unknown> = {},
  id: number | string = 1,
): Raw => ({
  headers: headers('tools/call', name),
  body: JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args, _meta: meta(), ...extraParams },
  }),
});

/** Masked internal errors carry a fresh reference per answer. */
const unref = (text: string) => text.replace(/ref [0-9a-f]{8}/g, 'ref <ref>');

describe('the direct path answers as the SDK path does', () => {
  it.each([
    ['a plain result', 'echo', { text: 'hi' }, 1],
    ['a string id', 'echo', { text: 'é' }, 'string-id'],
    ["what the handler's context holds", 'report', {}, 2],
    ['structured output of an output DTO', 'sum', {}, 3],
    ['a whole result with its own _meta and a non-object structuredContent', 'whole', {}, 4],
    ['an error result', 'erring', {}, 5],
    ['a protocol error with data', 'refusing', {}, 6],
    ['bad arguments', 'echo', { text: 7 }, 7],
    ['a call that logs and reports progress nobody asked for', 'quiet', {}, 8],
    ["the 2025 era's server-to-client requests refused", 'pushing', {}, 9],
  ] as [string, string, Record<string, unknown>, string | number][])(
    '%s, without an SDK server',
    async (_what, name, args, id) => {
      const { answer, sdkServersOnFastPath, sdkServersOnSdkPath } = await compare(call(name, args, {}, id));
      expect([sdkServersOnFastPath, sdkServersOnSdkPath]).toEqual([0, 1]);
      expect(answer.status).toBe(200);
      expect(answer.framing).toBe('length');
    },
  );

  it('the context a handler sees holds the envelope, the request, and no state', async () => {
    const { answer } = await compare(call('report', {}, { _meta: { ...meta(), 'example.com/trace': 'abc' } }));
    const text = JSON.parse((answer.body as { result: { content: { text: string }[] } }).result.content[0]!.text);
    expect(text).toMatchObject({
      protocolVersion: '2026-07-28',
      clientInfo: { name: 'paths-test' },
      meta: { 'example.com/trace': 'abc' },
      requestState: null,
      httpRequest: 'report',
      aborted: false,
    });
    // the envelope's keys in another order, with the rest of _meta around them: lifted as the SDK lifts them
    const shuffled = {
      'example.com/a': 1,
      ...Object.fromEntries(Object.entries(meta()).reverse()),
      'example.com/b': 2,
    };
    expect((await compare(call('report', {}, { _meta: shuffled }))).sdkServersOnFastPath).toBe(0);
  });

  it('masks an unexpected error the same way (only the reference differs)', async () => {
    const connect = jest.spyOn(Server.prototype, 'connect');
    const [a, b] = [await send(fast, call('failing')), await send(sdk, call('failing'))];
    expect(connect).toHaveBeenCalledTimes(1); // the SDK path's only
    expect(unref(a.text)).toBe(unref(b.text));
    expect(a.text).not.toContain('secret detail');
  });

  it('answers a missing client capability (-32021) with 400, as the SDK does, and every other error with 200', async () => {
    const { answer, sdkServersOnFastPath } = await compare(call('lacking'));
    expect(sdkServersOnFastPath).toBe(0);
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: -32021, data: { requiredCapabilities: { elicitation: {} } } }, id: 1 },
    });
    expect((await compare(call('refusing'))).answer.status).toBe(200);
  });

  it('answers 500 when an answer cannot be written as JSON (error data with a BigInt), and goes on serving', async () => {
    const broken = await send(fast, call('unwritable'));
    expect(broken).toMatchObject({
      status: 500,
      body: { error: { code: -32603, message: 'Internal server error' }, id: 1 },
    });
    expect((await send(fast, call('echo', { text: 'still here' }))).body).toMatchObject({
      result: { content: [{ text: 'still here' }] },
    });
  });

  it('turns the answer into an event stream when the handler sends a message first', async () => {
    const { answer, sdkServersOnFastPath } = await compare(call('chatty'));
    expect(sdkServersOnFastPath).toBe(0);
    expect(answer.contentType).toBe('text/event-stream');
    expect(answer.body).toEqual([
      expect.objectContaining({ method: 'notifications/message' }),
      expect.objectContaining({ id: 1, result: expect.anything() }),
    ]);
  });
});

describe('legs that ask, answer or carry state, also without an SDK server', () => {
  const withMeta = (extra: Record<string, unknown>) => ({ _meta: { ...meta(), ...extra } });
  it.each([
    ['a tool that asks a question', call('place', {}, { _meta: meta({ elicitation: {} }) })],
    ['a tool that asks a client without the capability', call('place', {})],
    ['a progress token', call('quiet', {}, withMeta({ progressToken: 't' }))],
    ['a log level', call('quiet', {}, withMeta({ 'io.modelcontextprotocol/logLevel': 'debug' }))],
    ['a log level above what is logged', call('quiet', {}, withMeta({ 'io.modelcontextprotocol/logLevel': 'error' }))],
    ['answers without state', call('echo', { text: 'a' }, { inputResponses: {} })],
    ['a state without answers', call('echo', { text: 'a' }, { requestState: 'forged' })],
    [
      'an answer sent before its question',
      call('place', {}, { inputResponses: { region: { action: 'accept', content: { region: 'eu' } } } }),
    ],
    ["the context's answers and state", call('report', {}, { inputResponses: { a: { action: 'cancel' } } })],
  ] as [string, Raw][])('%s', async (_what, raw) => {
    const { sdkServersOnFastPath, sdkServersOnSdkPath } = await compare(raw);
    expect([sdkServersOnFastPath, sdkServersOnSdkPath]).toEqual([0, 1]);
  });
});

describe('what the direct path leaves to the SDK', () => {
  it.each([
    ['an unknown tool', call('nope', {})],
    [
      'a Mcp-Name header the SDK would decode',
      { ...call('echo', { text: 'a' }), headers: headers('tools/call', '=?base64?ZWNobw==?=') },
    ],
    ['arguments that are not an object', call('echo', [])],
    [
      'a malformed envelope',
      call('echo', { text: 'a' }, { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }),
    ],
    ['another method', { headers: headers('tools/list'), body: message('tools/list') }],
  ] as [string, Raw][])('%s', async (_what, raw) => {
    const { sdkServersOnFastPath, sdkServersOnSdkPath } = await compare(raw);
    expect(sdkServersOnFastPath).toBe(sdkServersOnSdkPath); // served the SDK's way, whatever that is
  });

  it('a call it leaves to the SDK still gets its SDK server (the gate is not always open)', async () => {
    expect(await compare(call('nope', {}))).toMatchObject({ sdkServersOnFastPath: 1, sdkServersOnSdkPath: 1 });
  });
});
