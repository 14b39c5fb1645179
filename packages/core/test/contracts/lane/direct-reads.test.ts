import { Server } from '@modelcontextprotocol/server';
import { directReadsApp } from './direct-reads.fixture';
import {
  bothPathsWithServers,
  headers,
  meta,
  pairOpener,
  send,
  type Answer,
  type Pair,
  type Raw,
} from '../../e2e/support/two-paths';

/**
 * listen()'s node face serves a stateless 2026-07-28 prompts/get or resources/read whose handler asks
 * nothing without the SDK's per-request server (lane/direct/). Every answer must be the SDK path's, byte
 * for byte: the same requests go to a listener with the fast path and to one without it (`fastPath:
 * false`). Whether a request took the direct path shows in the SDK servers built for it (none there).
 */
const pair = pairOpener();
let fast: URL;
let sdk: URL;
beforeAll(async () => ({ fast, sdk } = await pair(directReadsApp())));
afterEach(() => jest.restoreAllMocks());

const compare = (raw: Raw, urls: Pair = { fast, sdk }) => bothPathsWithServers(urls, raw);

const request = (method: string, name: string, params: Record<string, unknown>, id: unknown = 1): Raw => ({
  headers: headers(method, name),
  body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta(), ...params } }),
});
/** A prompts/get; `extra` may replace the `_meta` envelope or add params. */
const get = (name: string, args?: unknown, extra: Record<string, unknown> = {}, id: unknown = 1): Raw =>
  request('prompts/get', name, { name, ...(args !== undefined && { arguments: args }), ...extra }, id);
/** A resources/read; `extra` may replace the `_meta` envelope or add params. */
const read = (uri: string, extra: Record<string, unknown> = {}, id: unknown = 1): Raw =>
  request('resources/read', uri, { uri, ...extra }, id);

/** Masked internal errors carry a fresh reference per answer. */
const unref = (text: string) => text.replace(/ref [0-9a-f]{8}/g, 'ref <ref>');

describe('prompts/get on the direct path answers as the SDK path does', () => {
  it.each([
    ['a prompt with arguments', get('write', { topic: 'bees' })],
    ['a string id', get('write', { topic: 'é' }, {}, 'string-id')],
    ['a prompt without arguments', get('hello')],
    ['a prompt without arguments, given an empty object', get('hello', {})],
    ["what the handler's context holds", get('report', {}, { _meta: { ...meta(), 'example.com/trace': 'abc' } })],
    ['a list of messages', get('conversation')],
    ['a whole result with a description, its own _meta and capabilities.tasks', get('whole')],
    ['a result naming its own result type and identity', get('stamped')],
    ['messages no schema accepts', get('odd')],
    ['a value that is no prompt result', get('shapeless')],
    ['bad arguments', get('write', { subject: 'bees' })],
    ['missing arguments', get('write')],
    ['a protocol error with data', get('refusing')],
    ["the 2025 era's URL-elicitation error", get('urlAsking')],
    ['a tool error', get('erring')],
    ['a guard refusing', get('guarded')],
  ] as [string, Raw][])('%s, without an SDK server', async (_what, raw) => {
    const { answer, sdkServersOnFastPath, sdkServersOnSdkPath } = await compare(raw);
    expect([sdkServersOnFastPath, sdkServersOnSdkPath]).toEqual([0, 1]);
    expect(answer.status).toBe(200);
    expect(answer.framing).toBe('length');
  });

  it('the result is the prompt, stamped as the SDK stamps it', async () => {
    const { answer } = await compare(get('write', { topic: 'bees' }));
    expect(answer.body).toEqual({
      result: {
        messages: [{ role: 'user', content: { type: 'text', text: 'Write about bees' } }],
        resultType: 'complete',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'reads', version: '1.0.0', title: 'Direct reads' } },
      },
      jsonrpc: '2.0',
      id: 1,
    });
    const report = await compare(get('report', {}, { _meta: { ...meta(), 'example.com/trace': 'abc' } }));
    const seen = JSON.parse(
      (report.answer.body as { result: { messages: { content: { text: string } }[] } }).result.messages[0].content.text,
    );
    expect(seen).toMatchObject({ method: 'prompts/get', meta: { 'example.com/trace': 'abc' }, httpRequest: 'report' });
  });

  it('masks an unexpected error the same way (only the reference differs)', async () => {
    const connect = jest.spyOn(Server.prototype, 'connect');
    const [a, b] = [await send(fast, get('failing')), await send(sdk, get('failing'))];
    expect(connect).toHaveBeenCalledTimes(1); // the SDK path's only
    expect(unref(a.text)).toBe(unref(b.text));
    expect(a.text).not.toContain('secret detail');
  });

  it('answers a missing client capability (-32021) with 400, as the SDK does', async () => {
    const { answer, sdkServersOnFastPath } = await compare(get('lacking'));
    expect(sdkServersOnFastPath).toBe(0);
    expect(answer).toMatchObject({ status: 400, body: { error: { code: -32021 } } });
  });

  it('turns the answer into an event stream when the handler sends a message first', async () => {
    const { answer, sdkServersOnFastPath } = await compare(get('chatty'));
    expect(sdkServersOnFastPath).toBe(0);
    expect(answer.contentType).toBe('text/event-stream');
    expect(answer.body).toEqual([
      expect.objectContaining({ method: 'notifications/message' }),
      expect.objectContaining({ id: 1, result: expect.anything() }),
    ]);
  });
});

describe('resources/read on the direct path answers as the SDK path does', () => {
  it.each([
    ['a static text resource', read('text://plain')],
    ['a static JSON resource with its MIME type', read('config://app')],
    ['a binary resource', read('bin://bytes')],
    ['a whole result with its own cache fields and _meta', read('whole://cached')],
    ['a whole result with invalid cache fields', read('whole://bad-cache')],
    ['a whole result with a result type of its own', read('whole://other-type')],
    ['a resource not found (its error)', read('missing://thing')],
    ['a -32002 error, sent as -32602', read('gone://thing')],
    ["what the handler's context holds", read('report://ctx')],
    ['a string id', read('text://plain', {}, 'id-9')],
  ] as [string, Raw][])('%s, without an SDK server', async (_what, raw) => {
    const { answer, sdkServersOnFastPath, sdkServersOnSdkPath } = await compare(raw);
    expect([sdkServersOnFastPath, sdkServersOnSdkPath]).toEqual([0, 1]);
    expect(answer.status).toBe(200);
  });

  it.each([
    ['a template', read('notes://n-1')],
    ['a template with an encoded variable', read('notes://a%20b')],
    ['a template whose variables fail the DTO', read('files://readme')],
  ] as [string, Raw][])('%s, without an SDK server', async (_what, raw) => {
    const { answer, sdkServersOnFastPath } = await compare(raw);
    expect(sdkServersOnFastPath).toBe(0);
    expect(answer.status).toBe(200);
  });

  it('fills the cache fields as the SDK does: the defaults, or the configured hint', async () => {
    const { answer } = await compare(read('notes://n-1'));
    expect(answer.body).toMatchObject({
      result: {
        contents: [{ uri: 'notes://n-1', mimeType: 'text/markdown', text: '# note n-1' }],
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
      },
    });
    const hinted = await pair(directReadsApp({ 'resources/read': { ttlMs: 30_000, cacheScope: 'public' } }));
    for (const uri of ['text://plain', 'notes://n-1', 'whole://cached', 'whole://bad-cache']) {
      const { answer: a, sdkServersOnFastPath } = await compare(read(uri), hinted);
      expect(sdkServersOnFastPath).toBe(0);
      if (uri !== 'whole://cached') expect(a.body).toMatchObject({ result: { ttlMs: 30_000, cacheScope: 'public' } });
    }
  });

  it('masks an unexpected error the same way (only the reference differs)', async () => {
    const [a, b] = [await send(fast, read('failing://thing')), await send(sdk, read('failing://thing'))];
    expect(unref(a.text)).toBe(unref(b.text));
    expect(a.text).not.toContain('secret detail');
  });
});

describe('the legs of a prompt or a template that asks, inside the SDK seam, as the SDK path answers them', () => {
  const ASKS = { _meta: meta({ elicitation: {} }) };
  const accept = (content: object) => ({ action: 'accept', content });
  const stateOf = (answer: Answer): string => {
    const state = (answer.body as { result?: { requestState?: unknown } }).result?.requestState;
    if (typeof state !== 'string') throw new Error(`no state in ${answer.text}`);
    return state;
  };

  it.each([
    ['a prompt asking a question', get('place', {}, ASKS), get('place', {}, { _meta: meta() })],
    ['a template asking a question', read('ask://1', ASKS), read('ask://1')],
    ['a prompt asking by itself', get('confirm', {}, ASKS), get('confirm', {})],
  ] as [string, Raw, Raw][])('%s: every leg without an SDK server', async (_what, asks, incapable) => {
    const first = await compare(asks);
    expect(first.sdkServersOnFastPath).toBe(0);
    expect(first.answer.body).toMatchObject({ result: { resultType: 'input_required' } });
    // a client that cannot answer: the SDK seam's -32021 (or the pipeline's), 400
    const refused = await compare(incapable);
    expect(refused.sdkServersOnFastPath).toBe(0);
    expect(refused.answer.status).toBe(400);
    const body = JSON.parse(asks.body!) as { params: Record<string, unknown> };
    const key = Object.keys((first.answer.body as { result: { inputRequests: object } }).result.inputRequests)[0]!;
    const leg2 = (inputResponses: object, requestState: string): Raw => ({
      headers: asks.headers,
      body: JSON.stringify({ ...body, params: { ...body.params, inputResponses, requestState } }),
    });
    const state = stateOf(await send(fast, asks));
    const done = await compare(leg2({ [key]: accept({ region: 'eu' }) }, state));
    expect(done.sdkServersOnFastPath).toBe(0);
    expect(done.answer.body).toMatchObject({ result: { resultType: 'complete' } });
    for (const raw of [
      leg2({ [key]: { action: 'decline' } }, state),
      leg2({ [key]: accept({ region: 'mars' }) }, state),
      leg2({ [key]: accept({ region: 'eu' }) }, `${state.slice(0, -4)}AAAA`),
      leg2({ [key]: accept({ region: 'eu' }) }, 'forged'),
    ])
      expect((await compare(raw)).sdkServersOnFastPath).toBe(0);
  });

  it('a progress token and a log level on a get', async () => {
    const withMeta = { _meta: { ...meta(), progressToken: 't', 'io.modelcontextprotocol/logLevel': 'debug' } };
    expect((await compare(get('chatty', {}, withMeta))).sdkServersOnFastPath).toBe(0);
  });
});

describe('what the direct path leaves to the SDK', () => {
  it.each([
    ['an unknown prompt', get('nope', {})],
    ['prompt arguments that are not strings', get('write', { topic: 7 })],
    ['prompt arguments that are not an object', get('write', ['bees'])],
    ['a prompt name that is no string', get(5 as never, {})],
    ['answers that are no object', get('hello', {}, { inputResponses: 'yes' })],
    ['a state that is no string', read('text://plain', { requestState: 7 })],
    ['an unknown resource', read('nowhere://at-all')],
    ['a URI that is no string', read(7 as never)],
    [
      'a Mcp-Name header the SDK would decode',
      { ...read('text://plain'), headers: headers('resources/read', '=?base64?dGV4dDovL3BsYWlu?=') },
    ],
    [
      'a Mcp-Name header naming another resource',
      { ...read('text://plain'), headers: headers('resources/read', 'config://app') },
    ],
    [
      'a malformed envelope',
      read('text://plain', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }),
    ],
    [
      'a completion',
      {
        headers: headers('completion/complete'),
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'completion/complete',
          params: {
            ref: { type: 'ref/prompt', name: 'write' },
            argument: { name: 'topic', value: 'b' },
            _meta: meta(),
          },
        }),
      },
    ],
  ] as [string, Raw][])('%s', async (_what, raw) => {
    const { sdkServersOnFastPath, sdkServersOnSdkPath } = await compare(raw);
    expect(sdkServersOnFastPath).toBe(sdkServersOnSdkPath); // served the SDK's way, whatever that is
  });

  it('a request it leaves to the SDK still gets its SDK server (the gate is not always open)', async () => {
    expect(await compare(get('nope', {}))).toMatchObject({ sdkServersOnFastPath: 1, sdkServersOnSdkPath: 1 });
    expect(await compare(read('nowhere://at-all'))).toMatchObject({ sdkServersOnFastPath: 1, sdkServersOnSdkPath: 1 });
  });
});
